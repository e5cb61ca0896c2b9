import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { AdminContext, memoryStore } from 'react-admin';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { Role } from '../../src/domain';
import { createDataProvider } from '../../src/providers/dataProvider';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { RESOURCES } from '../../src/resources';
import { DateField } from '../../src/resources/common/DateInput';
import { OrderList } from '../../src/resources/orders/OrderList';
import { ORDER, orderApi, type SeenRequest } from './ordersFixtures';
import { mockApi } from './mockApi';
import { renderScreen } from './renderScreen';

const dataProvider = createDataProvider(RESOURCES);

// The user's day is Moscow's: the filter sends its boundaries with +03:00.
vi.stubEnv('TZ', 'Europe/Moscow');

let seen: SeenRequest[] = [];
const server = mockApi();
afterAll(() => {
  vi.unstubAllEnvs();
});
afterEach(async () => {
  seen = [];
  await i18nProvider.changeLocale('en');
});

/** The input labelled so, once the pickers have loaded (until then a disabled stand-in has the label). */
const field = async (label: string | RegExp) => {
  await waitFor(() => expect((screen.getByLabelText(label) as HTMLInputElement).disabled).toBe(false), { timeout: 10_000 });
  return screen.getByLabelText(label) as HTMLInputElement;
};
const ordersAsked = () => seen.filter((request) => request.path === '/api/orders');

/** One plain date field and what it last gave, in a language. */
const Plain = ({ initial, max }: { initial: string; max?: string }) => {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField kind="date" label="Day" value={value} onChange={setValue} max={max} />
      <output data-testid="given">{value}</output>
    </>
  );
};
const plain = async (locale: 'en' | 'ru' | 'es', initial: string, max?: string) => {
  await i18nProvider.changeLocale(locale);
  render(
    <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
      <Plain initial={initial} max={max} />
    </AdminContext>,
  );
  return field('Day');
};

describe('date inputs in the interface language', () => {
  it('write the day as each language does, and give it back as YYYY-MM-DD', async () => {
    expect((await plain('en', '2026-03-05')).value).toBe('03/05/2026');
  });

  it('write DD.MM.YYYY in Russian, with the placeholders of a Russian date when empty', async () => {
    const input = await plain('ru', '');
    expect(input.getAttribute('placeholder')).toBe('ДД.ММ.ГГГГ');
    fireEvent.change(input, { target: { value: '31.12.2026' } });
    expect(input.value).toBe('31.12.2026');
    expect(screen.getByTestId('given').textContent).toBe('2026-12-31');
  });

  it('write DD/MM/AAAA in Spanish', async () => {
    const input = await plain('es', '');
    expect(input.getAttribute('placeholder')).toBe('DD/MM/AAAA');
    fireEvent.change(input, { target: { value: '05/03/2026' } });
    expect(screen.getByTestId('given').textContent).toBe('2026-03-05');
  });

  it('say next to the field, in the language, that a day is after the latest allowed', async () => {
    const input = await plain('ru', '2026-03-05', '2026-03-10');
    fireEvent.change(input, { target: { value: '11.03.2026' } });
    await screen.findByText('Не позже 10.03.2026');
  });

  it('filter Russian orders by a typed ДД.ММ.ГГГГ day, send the API ISO boundaries, and drop the filter once cleared', async () => {
    await i18nProvider.changeLocale('ru');
    server.use(...orderApi(seen, [ORDER]));
    const filter = encodeURIComponent(JSON.stringify({ from: '2026-03-05' }));
    renderScreen(<OrderList />, {
      as: { roleId: Role.OPERATOR, cityId: 1 },
      dataProvider,
      resource: 'orders',
      path: `/orders?filter=${filter}`,
      route: '/orders',
    });
    const from = await field('Дата с');
    await waitFor(() => expect(from.value).toBe('05.03.2026'));
    await waitFor(() => expect(ordersAsked().at(-1)?.query.get('from')).toBe('2026-03-05T00:00:00.000+03:00'));

    fireEvent.change(from, { target: { value: '06.03.2026' } });
    await waitFor(() => expect(ordersAsked().at(-1)?.query.get('from')).toBe('2026-03-06T00:00:00.000+03:00'), { timeout: 5000 });

    // Emptied, the filter goes away.
    const before = ordersAsked().length;
    fireEvent.change(from, { target: { value: '' } });
    await waitFor(() => expect(ordersAsked().length).toBeGreaterThan(before), { timeout: 5000 });
    expect(ordersAsked().at(-1)?.query.has('from')).toBe(false);
  });
});
