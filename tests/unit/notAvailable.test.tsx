import { render, screen, waitFor } from '@testing-library/react';
import StorefrontIcon from '@mui/icons-material/Storefront';
import type { QueryClient } from '@tanstack/react-query';
import { AdminContext, HttpError, memoryStore, Notification, useGetOne, type DataProvider } from 'react-admin';
import { useParams } from 'react-router-dom';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Role, STAFF_ROLES, type RoleId } from '../../src/domain';
import { menuFor } from '../../src/layout/menu';
import { authProvider } from '../../src/providers/authProvider';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { createQueryClient, isNotAvailableError } from '../../src/providers/notAvailable';
import { RESOURCES } from '../../src/resources';
import type { ResourceManifest } from '../../src/resources/common/manifest';
import { resourceScreens } from '../../src/resources/common/routes';
import { mayOpen, screenAt, screensOf, type ScreenUser } from '../../src/resources/common/screenAccess';
import { logInAs } from './renderScreen';

const SCREENS = screensOf(RESOURCES);

/** Whether `user` may open the screen at `path`, as the route guard decides before it renders. */
const opens = (user: ScreenUser, path: string): boolean => {
  const found = screenAt(SCREENS, path);
  if (!found) throw new Error(`No screen at ${path}`);
  return mayOpen(user, found.screen, found.params);
};

// Saint Petersburg's operator (city 2), and the owner of restaurant 5 in London (city 1).
const operator: ScreenUser = { roleId: Role.OPERATOR, cityId: 2, restaurantId: null };
const owner: ScreenUser = { roleId: Role.RESTAURANT_OWNER, cityId: 1, restaurantId: 5 };
const cityAdmin: ScreenUser = { roleId: Role.CITY_ADMIN, cityId: 2, restaurantId: null };
const admin: ScreenUser = { roleId: Role.ADMIN, cityId: null, restaurantId: null };

describe('the route guard: a screen the role may not open, or of a city or restaurant not theirs', () => {
  it.each([
    ['/stats', false],
    ['/spam', false],
    ['/users/top', false],
    ['/bots', false],
    ['/restaurants/1', false],
    ['/city/1', false],
    ['/city/1/districts', false],
    ['/city/1/district/4', false],
    // Whose a restaurant or an order is, only the API knows for a city's staff.
    ['/restaurant/1', true],
    ['/dishCategories/1', true],
    ['/orders/T0001', true],
    ['/restaurants/2', true],
    ['/city/2', true],
    ['/city/2/districts', true],
    ['/reviews', true],
    ['/orders', true],
  ])('an operator of one city at %s: %s', (path, expected) => {
    expect(opens(operator, path)).toBe(expected);
  });

  it.each([
    ['/stats', false],
    ['/spam', false],
    ['/restaurants/1', false],
    ['/city/1', false],
    ['/restaurant/6', false],
    ['/dishCategories/6', false],
    ['/restaurant/6/reviews', false],
    ['/restaurant/5', true],
    ['/dishCategories/5', true],
    ['/restaurant/5/reviews', true],
    ['/orders', true],
    ['/ads', true],
  ])('an owner of one restaurant at %s: %s', (path, expected) => {
    expect(opens(owner, path)).toBe(expected);
  });

  it('a city admin opens their city’s screens and statistics, not another city’s', () => {
    expect(opens(cityAdmin, '/stats')).toBe(true);
    expect(opens(cityAdmin, '/spam')).toBe(true);
    expect(opens(cityAdmin, '/city/2')).toBe(true);
    expect(opens(cityAdmin, '/city/1')).toBe(false);
    expect(opens(cityAdmin, '/restaurants/1')).toBe(false);
    expect(opens(cityAdmin, '/bots')).toBe(false);
  });

  it('an admin opens every screen of every city', () => {
    for (const path of ['/stats', '/spam', '/bots', '/restaurants/1', '/city/3', '/restaurant/6', '/language/ru', '/cities']) {
      expect(opens(admin, path), path).toBe(true);
    }
  });

  it('a path whose id is not a number is left to the screen (its own "Page not found")', () => {
    expect(opens(operator, '/city/abc')).toBe(true);
    expect(opens(owner, '/restaurant/new')).toBe(true);
  });

  it.each(STAFF_ROLES.map((roleId) => [roleId] as const))(
    'every menu entry of role %s opens for that role: the menu and the guard share the grants',
    (roleId: RoleId) => {
      const user: ScreenUser = { roleId, cityId: 2, restaurantId: 5 };
      const items = menuFor(user, RESOURCES).filter((item) => item.id !== 'logout');
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(opens(user, item.path), item.path).toBe(true);
    },
  );

  it('every route a manifest declares is in the guard’s table, with its grant', () => {
    const declared = RESOURCES.flatMap(({ routes = [] }) => routes.map((route) => route.path));
    for (const path of declared) expect(SCREENS.some((s) => s.path === path)).toBe(true);
  });
});

describe('an API refusal as the Not-available page', () => {
  it('403 and 404 are "not yours"; other failures are not', () => {
    expect(isNotAvailableError(new HttpError('Restaurant not found', 404))).toBe(true);
    expect(isNotAvailableError(new HttpError('Forbidden', 403))).toBe(true);
    expect(isNotAvailableError(new HttpError('Bad request', 400))).toBe(false);
    expect(isNotAvailableError(new HttpError('Oops', 500))).toBe(false);
    expect(isNotAvailableError(new Error('network'))).toBe(false);
  });

  it('a refused read is not retried, another failure is', () => {
    const client = createQueryClient(RESOURCES);
    const retry = client.getQueryDefaults(['restaurants', 'getOne', { id: '1' }]).retry;
    if (typeof retry !== 'function') throw new Error('no retry rule');
    expect(retry(0, new HttpError('Restaurant not found', 404))).toBe(false);
    expect(retry(0, new HttpError('Oops', 500))).toBe(true);
    // Reads of the screens' own calls (outside the dataProvider's verbs) keep react-query's defaults.
    expect(client.getQueryDefaults(['orders', 'chat', 'T1']).throwOnError).toBeUndefined();
  });
});

/** A manifest's screens mounted as the app mounts them, with the app's query cache and a spying data provider. */
function renderApp(
  manifest: ResourceManifest,
  path: string,
  user: ScreenUser,
  dataProvider: DataProvider,
  queryClient: QueryClient = createQueryClient([manifest]),
) {
  logInAs(user);
  const { resource, routes } = resourceScreens(manifest);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        store={memoryStore()}
        queryClient={queryClient}
      >
        <Routes>
          {routes}
          <Route path={`/${manifest.name}/*`} element={resource} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

/** A data provider every call of which fails with `status`, recording the calls. */
const refusing = (status: number) => {
  const calls: string[] = [];
  const fail = (verb: string) =>
    vi.fn(async (resource: string) => {
      calls.push(`${verb} ${resource}`);
      throw new HttpError(status === 404 ? 'Not found' : 'Forbidden', status, { statusCode: status });
    });
  const dataProvider: DataProvider = {
    getList: fail('getList'),
    getOne: fail('getOne'),
    getMany: fail('getMany'),
    getManyReference: fail('getManyReference'),
    create: fail('create'),
    update: fail('update'),
    updateMany: fail('updateMany'),
    delete: fail('delete'),
    deleteMany: fail('deleteMany'),
  };
  return { dataProvider, calls };
};

const manifest = (name: string): ResourceManifest => {
  const found = RESOURCES.find((r) => r.name === name);
  if (!found) throw new Error(name);
  return found;
};

describe('the one Not-available page, per screen', () => {
  it('an operator typing /stats gets the page, with a link home, and the statistics read nothing', async () => {
    const { dataProvider, calls } = refusing(403);
    renderApp(manifest('stats'), '/stats', operator, dataProvider);
    await screen.findByText('Not available to you');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls).toEqual([]);
  });

  it('an owner typing /spam gets the page and the mailing screen reads nothing', async () => {
    const { dataProvider, calls } = refusing(403);
    renderApp(manifest('spam'), '/spam', owner, dataProvider);
    await screen.findByText('Not available to you');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls).toEqual([]);
  });

  it('an operator at another city’s restaurant list gets the page, not their own city’s restaurants', async () => {
    const { dataProvider, calls } = refusing(404);
    renderApp(manifest('restaurants'), '/restaurants/1', operator, dataProvider);
    await screen.findByText('Not available to you');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls).toEqual([]);
  });

  it('another city’s restaurant, answered 404 by the API: the page, with no "does not exist" toast and no redirect', async () => {
    const { dataProvider, calls } = refusing(404);
    renderApp(manifest('restaurants'), '/restaurant/1', operator, dataProvider);
    await screen.findByText('Not available to you');
    expect(calls).toEqual(['getOne restaurants']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText(/does not exist/i)).toBeNull();
    expect(screen.queryByText('elsewhere')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('another restaurant’s dish categories, answered 404: the page, not "Page not found"', async () => {
    const { dataProvider } = refusing(404);
    renderApp(manifest('dishCategories'), '/dishCategories/1', operator, dataProvider);
    await screen.findByText('Not available to you');
    expect(screen.queryByText('Page not found')).toBeNull();
  });

  it('another city’s order, answered 404: the page, not "Error Order not found"', async () => {
    const { dataProvider } = refusing(404);
    renderApp(manifest('orders'), '/orders/T0001', operator, dataProvider);
    await screen.findByText('Not available to you');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('another error is the screen’s own to show', async () => {
    const { dataProvider } = refusing(500);
    renderApp(manifest('orders'), '/orders/T0001', operator, dataProvider);
    await screen.findByRole('alert');
    expect(screen.queryByText('Not available to you')).toBeNull();
  });

  it('speaks the user’s language', async () => {
    localStorage.setItem('RaStore.locale', JSON.stringify('ru'));
    const { dataProvider } = refusing(403);
    await i18nProvider.changeLocale('ru');
    try {
      renderApp(manifest('stats'), '/stats', operator, dataProvider);
      await screen.findByText('Вам недоступно');
      expect(screen.getByRole('link', { name: 'На главную' })).toBeTruthy();
    } finally {
      await i18nProvider.changeLocale('en');
    }
    await waitFor(() => expect(i18nProvider.getLocale()).toBe('en'));
  });
});

/** A screen that reads one restaurant and says how it went. */
const OneRestaurant = () => {
  const { id } = useParams();
  const { data, error } = useGetOne<{ id: number; name: string }>('restaurants', { id: Number(id) }, { retry: false });
  return <p>{error ? `failed: ${error.message}` : (data?.name ?? 'reading')}</p>;
};

const oneRestaurantManifest: ResourceManifest = {
  name: 'restaurants',
  icon: StorefrontIcon,
  routes: [{ path: '/one/:id', screen: OneRestaurant, action: 'show' }],
  data: { restaurants: async () => ({}) },
};

describe('opening a refused screen again', () => {
  it('reads its row again, so a row that became the user’s shows (the refusal is not kept for the cache’s lifetime)', async () => {
    let answer: 'refuse' | 'ok' = 'refuse';
    const { dataProvider } = refusing(404);
    dataProvider.getOne = vi.fn(async () => {
      if (answer === 'refuse') throw new HttpError('Restaurant not found', 404);
      return { data: { id: 1, name: 'Brick Lane Burgers' } };
    }) as DataProvider['getOne'];
    const client = createQueryClient([oneRestaurantManifest]);
    const first = renderApp(oneRestaurantManifest, '/one/1', operator, dataProvider, client);
    await screen.findByText('Not available to you');
    first.unmount();
    answer = 'ok';
    renderApp(oneRestaurantManifest, '/one/1', operator, dataProvider, client);
    await screen.findByText('Brick Lane Burgers');
    expect(dataProvider.getOne).toHaveBeenCalledTimes(2);
  });
});
