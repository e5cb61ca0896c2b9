import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { AdminContext } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { VersionNotice } from '../../src/layout/VersionNotice';
import { authProvider } from '../../src/providers/authProvider';
import { apiFetch } from '../../src/providers/httpClient';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { readSession, writeSession } from '../../src/providers/session';
import { buildVersion, newVersionAnnounced, resetVersionNotice } from '../../src/providers/versionNotice';
import { Role, type LoginResponse } from '../../src/domain';
import { mockApi } from './mockApi';

const future = Math.floor(Date.now() / 1000) + 3600;
const token = (exp: number) => `h.${btoa(JSON.stringify({ sub: 1, exp })).replace(/=+$/, '')}.s`;

const session = (roleId: LoginResponse['user']['roleId'] = Role.CITY_ADMIN): LoginResponse => ({
  user: { id: 1, username: 'cityadmin', roleId, cityId: 3, restaurantId: null, authKey: 'key' },
  jwtToken: token(future),
});

let seenAuthorization: string | null = null;
let announcedVersion = buildVersion;

mockApi(
  http.post('http://localhost:3000/login', async ({ request }) => {
    const body = (await request.json()) as { username: string; password: string };
    if (body.password !== 'demo') {
      return HttpResponse.json(
        { statusCode: 401, code: 'WRONG_CREDENTIALS', error: 'Unauthorized', message: 'You provided a wrong password or login' },
        { status: 401, headers: { 'X-App-Version': announcedVersion } },
      );
    }
    return HttpResponse.json(session(), { headers: { 'X-App-Version': announcedVersion } });
  }),
  // After a login the app loads the texts admins saved: none here.
  http.get('http://localhost:3000/api/languages', () => HttpResponse.json({ en: {}, ru: {}, es: {} })),
  http.get('http://localhost:3000/api/cities', ({ request }) => {
    seenAuthorization = request.headers.get('authorization');
    return HttpResponse.json([{ id: 1 }], { headers: { 'X-App-Version': announcedVersion } });
  }),
  http.get('http://localhost:3000/api/expired', () =>
    HttpResponse.json(
      { statusCode: 401, code: 'UNAUTHORIZED', message: 'expired' },
      { status: 401, headers: { 'X-App-Version': announcedVersion } },
    ),
  ),
  http.post('http://localhost:3000/api/invalid', () =>
    HttpResponse.json(
      { statusCode: 400, code: 'VALIDATION_ERROR', message: 'name: too short', details: [{ field: 'name', message: 'too short' }] },
      { status: 400 },
    ),
  ),
);

beforeEach(() => {
  announcedVersion = buildVersion;
  seenAuthorization = null;
  resetVersionNotice();
});

describe('authProvider', () => {
  it('logs in through POST /login and keeps {user, jwtToken}', async () => {
    await authProvider.login({ username: 'cityadmin', password: 'demo' });
    expect(readSession()).toEqual(session());
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(await authProvider.getPermissions?.({})).toEqual({ roleId: Role.CITY_ADMIN, cityId: 3, restaurantId: null });
    expect(await authProvider.getIdentity?.()).toEqual({ id: 1, fullName: 'cityadmin' });
  });

  it('takes a stored login only when it has the shape of one, so a damaged or older one means logged out', async () => {
    const stored = (value: unknown) => {
      localStorage.setItem('backoffice.session', JSON.stringify(value));
      return readSession();
    };
    expect(stored(session())).toEqual(session());
    expect(stored({ ...session(), jwtToken: 42 })).toBeNull();
    expect(stored({ jwtToken: 'x', user: { ...session().user, roleId: 999 } })).toBeNull();
    expect(stored({ jwtToken: 'x', user: { ...session().user, cityId: '3' } })).toBeNull();
    expect(stored({ jwtToken: 'x' })).toBeNull();
    localStorage.setItem('backoffice.session', '{not json');
    expect(readSession()).toBeNull();
    await expect(authProvider.checkAuth({})).rejects.toBeDefined();
  });

  it('a failed login rejects with status 401 and removes any stored session', async () => {
    writeSession(session());
    await expect(authProvider.login({ username: 'cityadmin', password: 'bad' })).rejects.toMatchObject({ status: 401 });
    expect(readSession()).toBeNull();
  });

  it('a 401 from any call clears the session; other errors keep it', async () => {
    writeSession(session());
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(readSession()).not.toBeNull();
    const error = await apiFetch('/api/expired').catch((e: unknown) => e);
    await expect(authProvider.checkError(error)).rejects.toBeDefined();
    expect(readSession()).toBeNull();
    await expect(authProvider.checkAuth({})).rejects.toBeDefined();
  });

  it('an expired stored token counts as logged out', async () => {
    writeSession({ ...session(), jwtToken: token(Math.floor(Date.now() / 1000) - 5) });
    await expect(authProvider.checkAuth({})).rejects.toBeDefined();
    expect(readSession()).toBeNull();
  });

  it('logout clears the stored login', async () => {
    writeSession(session());
    await authProvider.logout({});
    expect(readSession()).toBeNull();
  });

  it('canAccess answers from the shared rules', async () => {
    writeSession(session(Role.OPERATOR));
    const canAccess = authProvider.canAccess as NonNullable<typeof authProvider.canAccess>;
    expect(await canAccess({ resource: 'dishes', action: 'edit' })).toBe(true);
    expect(await canAccess({ resource: 'dishes', action: 'create' })).toBe(false);
    expect(await canAccess({ resource: 'bots', action: 'list' })).toBe(false);
    writeSession(session(Role.ADMIN));
    expect(await canAccess({ resource: 'bots', action: 'list' })).toBe(true);
  });
});

describe('HTTP client', () => {
  it('sends the bearer token on every call', async () => {
    writeSession(session());
    await apiFetch('/api/cities');
    expect(seenAuthorization).toBe(`Bearer ${session().jwtToken}`);
  });

  it('turns field errors of the API into react-admin form errors', async () => {
    const error = await apiFetch('/api/invalid', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, body: { errors: { name: 'too short' } } });
  });

  it('announces a new version only when the server says another one', async () => {
    await apiFetch('/api/cities');
    expect(newVersionAnnounced()).toBeNull();
    announcedVersion = '2.6.0';
    await apiFetch('/api/cities');
    expect(newVersionAnnounced()).toBe('2.6.0');
  });

  it('notices a new version on an error answer too', async () => {
    announcedVersion = '3.0.0';
    await authProvider.login({ username: 'x', password: 'bad' }).catch(() => undefined);
    expect(newVersionAnnounced()).toBe('3.0.0');
  });
});

describe('the new-version notice', () => {
  it('appears with a reload button once the server announces another version', async () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <VersionNotice />
      </AdminContext>,
    );
    expect(screen.queryByText('A new version was released')).toBeNull();
    announcedVersion = '2.6.1';
    await act(async () => {
      await apiFetch('/api/cities');
    });
    expect(await screen.findByText('A new version was released')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
  });
});
