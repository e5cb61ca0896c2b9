import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Role, TRANSLATION_RELOAD_FALLBACK_MS, TRANSLATION_RELOAD_MS } from '../../src/domain';
import { authProvider } from '../../src/providers/authProvider';
import { i18nProvider, loadSavedTexts, restoreLocale } from '../../src/providers/i18nProvider';
import { scheduleReload } from '../../src/resources/language/reloadCountdown';
import { logInAs } from './renderScreen';
import { mockApi } from './mockApi';

const SAVED = {
  en: { 'menu.orders': 'All orders' },
  ru: { 'menu.orders': 'Заказы клиентов', 'home.title': 'Привет, %{username}!' },
  es: {},
};
let asked = 0;
let answer: () => Response = () => HttpResponse.json(SAVED);

mockApi(
  http.get('http://localhost:3000/api/languages', ({ request }) => {
    asked += 1;
    if (!request.headers.get('authorization')?.startsWith('Bearer ')) return HttpResponse.json({ code: 'UNAUTHORIZED' }, { status: 401 });
    return answer();
  }),
  http.post('http://localhost:3000/login', () =>
    HttpResponse.json({
      user: { id: 1, username: 'admin', roleId: Role.ADMIN, cityId: null, restaurantId: null, authKey: 'k' },
      jwtToken: `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.s`,
    }),
  ),
);
afterEach(async () => {
  // Back to no saved texts and English for the next test.
  answer = () => HttpResponse.json({ en: {}, ru: {}, es: {} });
  logInAs({ roleId: Role.ADMIN });
  await loadSavedTexts();
  localStorage.clear();
  await i18nProvider.changeLocale('en');
  asked = 0;
  answer = () => HttpResponse.json(SAVED);
});

describe('the saved texts in the app', () => {
  it('are loaded at start for a logged-in user, over the shipped texts of each language', async () => {
    logInAs({ roleId: Role.OPERATOR });
    await restoreLocale();
    expect(asked).toBe(1);
    expect(i18nProvider.translate('menu.orders')).toBe('All orders');
    expect(i18nProvider.translate('menu.tags')).toBe('Tags');
    await i18nProvider.changeLocale('ru');
    expect(i18nProvider.translate('menu.orders')).toBe('Заказы клиентов');
    expect(i18nProvider.translate('home.title', { username: 'Ann' })).toBe('Привет, Ann!');
    expect(i18nProvider.translate('menu.tags')).toBe('Теги');
  });

  it('are loaded right after a login, before the first screen shows', async () => {
    await authProvider.login({ username: 'admin', password: 'secret' });
    expect(i18nProvider.translate('menu.orders')).toBe('All orders');
  });

  it('are not asked for without a login, and leave the shipped texts when the call fails', async () => {
    await restoreLocale();
    expect(asked).toBe(0);
    expect(i18nProvider.translate('menu.orders')).toBe('Orders');

    logInAs({ roleId: Role.ADMIN });
    answer = () => HttpResponse.json({ code: 'INTERNAL_ERROR' }, { status: 500 });
    await restoreLocale();
    expect(i18nProvider.translate('menu.orders')).toBe('Orders');
    answer = () => HttpResponse.error();
    await restoreLocale();
    expect(i18nProvider.translate('menu.orders')).toBe('Orders');
    answer = () => HttpResponse.json({ en: 'not texts', ru: { 'menu.orders': 42 } });
    await restoreLocale();
    expect(i18nProvider.translate('menu.orders')).toBe('Orders');
    expect(asked).toBe(3);
  });
});

describe('the reload after a save', () => {
  it('comes after 10 s, and once more after 15 s should the first not have taken the page away', () => {
    vi.useFakeTimers();
    try {
      const reload = vi.fn();
      const { reloadAt } = scheduleReload(reload);
      expect(reloadAt - Date.now()).toBe(TRANSLATION_RELOAD_MS);
      vi.advanceTimersByTime(TRANSLATION_RELOAD_MS - 1);
      expect(reload).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(reload).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(TRANSLATION_RELOAD_FALLBACK_MS - TRANSLATION_RELOAD_MS);
      expect(reload).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
