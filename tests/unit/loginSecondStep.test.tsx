import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { AdminContext, memoryStore } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { Role } from '../../src/domain';
import { LoginPage } from '../../src/pages/login/LoginPage';
import { authProvider } from '../../src/providers/authProvider';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { clearSession, readSession } from '../../src/providers/session';
import { mockApi } from './mockApi';

const ORIGIN = 'http://localhost:3000';
const user = { id: 7, username: 'operator', roleId: Role.OPERATOR, cityId: 1, restaurantId: null, authKey: 'k' };
const refusal = (status: number, code: string, args?: Record<string, number>) =>
  HttpResponse.json({ statusCode: status, code, error: 'Refused', message: code, ...(args ? { args } : {}) }, { status });
const sent: unknown[] = [];

mockApi(
  http.post(`${ORIGIN}/login`, () => HttpResponse.json({ secondFactor: 'code', challengeToken: 'challenge-1', expiresIn: 300 })),
  http.post(`${ORIGIN}/login/secondFactor`, async ({ request }) => {
    const body = (await request.json()) as { challengeToken: string; code: string };
    sent.push(body);
    switch (body.code) {
      case '111111':
        return refusal(401, 'SECOND_FACTOR_CODE_WRONG');
      case '222222':
        return refusal(401, 'SECOND_FACTOR_CODE_USED');
      case '333333':
        return refusal(429, 'TOO_MANY_ATTEMPTS', { seconds: 42 });
      case '444444':
        return refusal(401, 'SECOND_FACTOR_CHALLENGE_EXPIRED');
      default:
        return HttpResponse.json({ user, jwtToken: 'header.eyJleHAiOjQxMDI0NDQ4MDB9.signature' });
    }
  }),
  http.get(`${ORIGIN}/api/languages`, () => HttpResponse.json([])),
);
afterEach(async () => {
  clearSession();
  sent.length = 0;
  await i18nProvider.changeLocale('en');
});

const renderLogin = () =>
  render(
    <AdminContext authProvider={authProvider} i18nProvider={i18nProvider} store={memoryStore()}>
      <LoginPage />
    </AdminContext>,
  );

const passPassword = async () => {
  fireEvent.change(await screen.findByLabelText(/Username/), { target: { value: 'operator' } });
  fireEvent.change(screen.getByLabelText(/Password/, { selector: 'input' }), { target: { value: 'demo' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  return screen.findByRole('textbox', { name: 'Code' });
};
const submitCode = (value: string) => {
  fireEvent.change(screen.getByRole('textbox', { name: /Code/ }), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
};

describe('the login second step', () => {
  it('asks for the code with a one-time-code field, and says why a code is refused', async () => {
    renderLogin();
    const input = await passPassword();
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByRole('button', { name: 'Verify' })).toHaveProperty('disabled', true);

    submitCode('111111');
    expect(await screen.findByText('That code is not right')).toBeTruthy();
    submitCode('222222');
    expect(await screen.findByText('That code was used already')).toBeTruthy();
    submitCode('333333');
    expect(await screen.findByText('Too many tries, wait 42 s')).toBeTruthy();
    expect(sent).toEqual([
      { challengeToken: 'challenge-1', code: '111111' },
      { challengeToken: 'challenge-1', code: '222222' },
      { challengeToken: 'challenge-1', code: '333333' },
    ]);
    expect(readSession()).toBeNull();

    submitCode('123456');
    await waitFor(() => expect(readSession()?.user.username).toBe('operator'));
  });

  it('takes a recovery code instead of the app code', async () => {
    renderLogin();
    await passPassword();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const recovery = await screen.findByRole('textbox', { name: 'Recovery code' });
    expect(recovery.getAttribute('inputmode')).toBeNull();
    fireEvent.change(recovery, { target: { value: 'abcde-fghjk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(readSession()).not.toBeNull());
    expect(sent).toEqual([{ challengeToken: 'challenge-1', code: 'abcde-fghjk' }]);
  });

  it('returns to the password with a notice when the challenge has expired', async () => {
    renderLogin();
    await passPassword();
    submitCode('444444');
    expect(await screen.findByText('The sign-in took too long: enter your password again')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('speaks Russian', async () => {
    await i18nProvider.changeLocale('ru');
    render(
      <AdminContext authProvider={authProvider} i18nProvider={i18nProvider} store={memoryStore({ locale: 'ru' })}>
        <LoginPage />
      </AdminContext>,
    );
    fireEvent.change(await screen.findByLabelText(/Имя пользователя|Логин/), { target: { value: 'operator' } });
    fireEvent.change(screen.getByLabelText(/Пароль/, { selector: 'input' }), { target: { value: 'demo' } });
    fireEvent.click(screen.getByRole('button', { name: /Войти/ }));
    expect(await screen.findByRole('textbox', { name: 'Код' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Код' }), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Проверить' }));
    expect(await screen.findByText('Этот код неверен')).toBeTruthy();
  });
});
