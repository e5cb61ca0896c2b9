import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { describe, expect, it, vi } from 'vitest';
import { screen, type ResourceManifest } from '../../src/resources/common/manifest';
import { preloadScreenAt } from '../../src/resources/common/preload';
import { RESOURCES } from '../../src/resources';

const View = () => null;

/** A screen whose loads are counted, as `screen()` gets them from a dynamic import. */
const countedScreen = () => {
  const load = vi.fn(async () => ({ View }));
  return { load, component: screen(load, 'View') };
};

function fixture() {
  const list = countedScreen();
  const detail = countedScreen();
  const create = countedScreen();
  const page = countedScreen();
  const data = vi.fn(async () => ({}));
  const otherData = vi.fn(async () => ({}));
  const resources: ResourceManifest[] = [
    {
      name: 'orders',
      icon: ReceiptLongIcon,
      list: list.component,
      create: create.component,
      routes: [{ path: '/orders/:threadId', screen: detail.component, action: 'show' }],
      data: { orders: data },
    },
    { name: 'reviews', icon: ReceiptLongIcon, data: { reviews: otherData } },
  ];
  const pages = [{ path: '/settings', screen: page.component }];
  return { list, detail, create, page, data, otherData, resources, pages };
}

describe('loading a screen before its visit', () => {
  it('loads a screen once, whether preloaded, rendered or both', async () => {
    const { load, component } = countedScreen();
    await component.preload();
    await component.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again on the next call', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ View });
    const component = screen(load, 'View');
    await expect(component.preload()).rejects.toThrow('offline');
    await component.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("loads the list at a resource's path, with its data-provider entries, and nothing of other screens", () => {
    const f = fixture();
    preloadScreenAt('/orders', f.resources, f.pages);
    expect(f.list.load).toHaveBeenCalledTimes(1);
    expect(f.data).toHaveBeenCalledTimes(1);
    expect(f.detail.load).not.toHaveBeenCalled();
    expect(f.create.load).not.toHaveBeenCalled();
    expect(f.page.load).not.toHaveBeenCalled();
    expect(f.otherData).not.toHaveBeenCalled();
  });

  it("loads a resource's own route, its create screen and a page by their paths", () => {
    const f = fixture();
    preloadScreenAt('/orders/abc', f.resources, f.pages);
    preloadScreenAt('/orders/create', f.resources, f.pages);
    preloadScreenAt('/settings', f.resources, f.pages);
    expect(f.detail.load).toHaveBeenCalledTimes(1);
    expect(f.create.load).toHaveBeenCalledTimes(1);
    expect(f.page.load).toHaveBeenCalledTimes(1);
    expect(f.list.load).not.toHaveBeenCalled();
  });

  it('loads nothing for home, an unknown path or a resource without lazy screens there', () => {
    const f = fixture();
    for (const path of ['/', '/nowhere', '/reviews']) preloadScreenAt(path, f.resources, f.pages);
    for (const counted of [f.list, f.detail, f.create, f.page]) expect(counted.load).not.toHaveBeenCalled();
    expect(f.data).not.toHaveBeenCalled();
    expect(f.otherData).not.toHaveBeenCalled();
  });

  it("every resource's list screen can be loaded ahead", () => {
    for (const { name, list } of RESOURCES) {
      if (!list) continue;
      expect('preload' in list && typeof list.preload === 'function', name).toBe(true);
    }
  });
});
