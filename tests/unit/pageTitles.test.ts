import { describe, expect, it } from 'vitest';
import { pageTitleOf } from '../../src/layout/pageTitles';
import { RESOURCES } from '../../src/resources';

describe('the page name in the browser tab', () => {
  it.each([
    ['/', 'app.home', false],
    ['/login', 'auth.title', false],
    ['/logout', 'logout.title', false],
    ['/settings', 'app.settings.title', false],
    ['/cities', 'resources.cities.name', true],
    ['/city', 'resources.cities.name', true],
    ['/city/3', 'resources.cities.name', true],
    ['/city/3/districts', 'resources.districts.name', true],
    ['/city/3/district', 'resources.districts.name', true],
    ['/city/3/district/9', 'resources.districts.name', true],
    ['/districts', 'resources.districts.name', true],
    ['/tag', 'resources.tags.name', true],
    ['/tags/3', 'resources.tags.name', true],
    ['/cuisines/add', 'resources.cuisines.name', true],
    ['/bots/2', 'resources.bots.name', true],
    ['/reviews', 'resources.reviews.name', true],
    ['/restaurant/5/reviews', 'resources.reviews.name', true],
    ['/restaurant', 'resources.restaurants.name', true],
    ['/restaurant/5', 'resources.restaurants.name', true],
    ['/restaurants', 'resources.restaurants.name', true],
    ['/restaurants/2', 'resources.restaurants.name', true],
    ['/ads/add', 'resources.ads.name', true],
    ['/referrals', 'resources.referrals.name', true],
    ['/admins', 'resources.admins.name', true],
    ['/admin/add', 'resources.admins.name', true],
    ['/admin/3', 'resources.admins.name', true],
    ['/stats', 'resources.stats.name', false],
    ['/users/top', 'resources.topUsers.name', true],
    ['/spam', 'resources.spam.name', true],
    ['/language/ru', 'resources.language.name', true],
    ['/audit', 'resources.audit.name', false],
    ['/orders', 'resources.orders.name', true],
    ['/orders/abc-1', 'resources.orders.name', true],
  ] as const)('%s: %s', (path, key, plural) => {
    expect(pageTitleOf(path, RESOURCES)).toEqual({ key, plural });
  });

  it.each(['/dishes', '/dishes/3', '/dishCategories/3', '/dishCategory/3', '/users', '/nowhere'])('%s: the app’s own title', (path) => {
    expect(pageTitleOf(path, RESOURCES)).toBeUndefined();
  });
});
