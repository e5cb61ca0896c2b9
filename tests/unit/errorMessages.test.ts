import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { API_ERROR_MESSAGES_EN } from '../../src/domain';
import { loginErrorKey } from '../../src/pages/login/LoginPage';
import { apiFetch } from '../../src/providers/httpClient';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { ERROR_MESSAGES } from '../../src/i18n/errors';
import { mockApi } from './mockApi';

mockApi(
  http.get('http://localhost:3000/api/cities/9', () =>
    HttpResponse.json({ statusCode: 404, code: 'CITY_NOT_FOUND', error: 'Not Found', message: 'City not found' }, { status: 404 }),
  ),
  http.post('http://localhost:3000/login', () =>
    HttpResponse.json(
      {
        statusCode: 429,
        code: 'TOO_MANY_ATTEMPTS',
        error: 'Too Many Requests',
        message: 'Too many failed logins. Try again in 30 seconds.',
        args: { seconds: 30 },
      },
      { status: 429 },
    ),
  ),
  http.get('http://localhost:3000/api/orders', () =>
    HttpResponse.json(
      {
        statusCode: 503,
        code: 'DATABASE_UNAVAILABLE',
        error: 'Service Unavailable',
        message: 'The database cannot be reached right now. Try again in a few seconds.',
      },
      { status: 503, headers: { 'retry-after': '5' } },
    ),
  ),
  http.get('http://localhost:3000/api/odd', () =>
    HttpResponse.json({ statusCode: 418, code: 'SOMETHING_NEW', error: 'Teapot', message: 'A message of a newer server' }, { status: 418 }),
  ),
);

afterEach(() => i18nProvider.changeLocale('en'));

const failure = (url: string, init?: Parameters<typeof apiFetch>[1]) => apiFetch(url, init).catch((error: unknown) => error);

describe('error answers of the API in the user language', () => {
  it('shows the code translated, with the arguments the server sent', async () => {
    await i18nProvider.changeLocale('ru');
    expect(await failure('/api/cities/9')).toMatchObject({ status: 404, message: 'Город не найден' });
    expect(await failure('/login', { method: 'POST', body: {}, anonymous: true })).toMatchObject({
      message: 'Слишком много неудачных попыток входа. Повторите через 30 с.',
    });
    await i18nProvider.changeLocale('es');
    expect(await failure('/api/cities/9')).toMatchObject({ message: 'Ciudad no encontrada' });
  });

  it('says that the database is away, in the user language, on every screen and at login', async () => {
    await i18nProvider.changeLocale('ru');
    const error = await failure('/api/orders');
    expect(error).toMatchObject({ status: 503, message: 'База данных сейчас недоступна. Повторите через несколько секунд.' });
    expect(i18nProvider.translate(loginErrorKey(error))).toBe('База данных сейчас недоступна. Повторите через несколько секунд.');
    await i18nProvider.changeLocale('es');
    expect(await failure('/api/orders')).toMatchObject({
      message: 'La base de datos no está disponible en este momento. Inténtelo de nuevo en unos segundos.',
    });
  });

  it("falls back to the server's message for a code it does not know", async () => {
    await i18nProvider.changeLocale('ru');
    expect(await failure('/api/odd')).toMatchObject({ status: 418, message: 'A message of a newer server' });
  });

  it('has every code in every language, with the same placeholders', () => {
    const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [code, english] of Object.entries(API_ERROR_MESSAGES_EN)) {
      for (const locale of ['ru', 'es'] as const) {
        const text = ERROR_MESSAGES[locale][code as keyof typeof API_ERROR_MESSAGES_EN];
        expect(placeholders(text), `${locale} ${code}`).toEqual(placeholders(english));
      }
    }
  });
});
