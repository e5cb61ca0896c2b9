import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { act, fireEvent, render, screen as on } from '@testing-library/react';
import { Link, MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { screen, type ResourceManifest } from '../../src/resources/common/manifest';
import { AppScreensContext, MENU_CODE_WAIT_MS, useMenuEntry } from '../../src/resources/common/preload';

/**
 * A menu entry goes to its screen once the screen's code is there: shown before, the screen
 * would suspend and React would hold it back for 300 ms after its loading state.
 */

const View = () => <p>the screen</p>;

/** A screen whose code arrives when the test says so. */
function heldScreen() {
  let arrive: () => void = () => undefined;
  const load = vi.fn(
    () =>
      new Promise<{ View: typeof View }>((resolve) => {
        arrive = () => resolve({ View });
      }),
  );
  return { load, component: screen(load, 'View'), arrive: () => arrive() };
}

const Where = () => <output data-testid="where">{useLocation().pathname}</output>;

const Entry = ({ path }: { path: string }) => (
  <Link to={path} {...useMenuEntry(path)}>
    go
  </Link>
);

function renderEntry(path: string, resources: ResourceManifest[]) {
  render(
    <AppScreensContext.Provider value={{ resources, pages: [] }}>
      <MemoryRouter initialEntries={['/']}>
        <Entry path={path} />
        <Where />
      </MemoryRouter>
    </AppScreensContext.Provider>,
  );
}

describe('a menu entry', () => {
  it('waits for the code of a screen not loaded yet, then goes there', async () => {
    const list = heldScreen();
    const data = vi.fn(async () => ({}));
    renderEntry('/reviews', [{ name: 'reviews', icon: ReceiptLongIcon, list: list.component, data: { reviews: data } }]);

    fireEvent.click(on.getByText('go'));
    expect(list.load).toHaveBeenCalledTimes(1);
    expect(data).toHaveBeenCalledTimes(1);
    expect(on.getByTestId('where').textContent).toBe('/');

    await act(async () => list.arrive());
    expect(on.getByTestId('where').textContent).toBe('/reviews');
  });

  it('starts loading when pointed at, and a click on a loaded screen is the link’s own', async () => {
    const list = heldScreen();
    renderEntry('/reviews', [{ name: 'reviews', icon: ReceiptLongIcon, list: list.component, data: {} }]);
    fireEvent.pointerEnter(on.getByText('go'));
    expect(list.load).toHaveBeenCalledTimes(1);
    await act(async () => list.arrive());

    fireEvent.click(on.getByText('go'));
    expect(on.getByTestId('where').textContent).toBe('/reviews');
  });

  it('leaves a click with a modifier (a new tab) to the browser', () => {
    const list = heldScreen();
    renderEntry('/reviews', [{ name: 'reviews', icon: ReceiptLongIcon, list: list.component, data: {} }]);
    fireEvent.click(on.getByText('go'), { ctrlKey: true });
    expect(list.load).not.toHaveBeenCalled();
  });

  it('goes anyway when the code does not come', async () => {
    vi.useFakeTimers();
    try {
      const list = heldScreen();
      renderEntry('/reviews', [{ name: 'reviews', icon: ReceiptLongIcon, list: list.component, data: {} }]);
      fireEvent.click(on.getByText('go'));
      await act(async () => vi.advanceTimersByTimeAsync(MENU_CODE_WAIT_MS));
      expect(on.getByTestId('where').textContent).toBe('/reviews');
    } finally {
      vi.useRealTimers();
    }
  });
});
