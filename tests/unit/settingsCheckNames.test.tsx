import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { AdminContext, memoryStore } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { Role } from '../../src/domain';
import { SettingsCheck } from '../../src/layout/SettingsCheck';
import { authProvider } from '../../src/providers/authProvider';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { logInAs } from './renderScreen';
import { mockApi } from './mockApi';

mockApi(
  http.get('http://localhost:3000/api/superadmin/checkGlobalSettings', () => HttpResponse.json([])),
  http.get('http://localhost:3000/api/superadmin/checkCitiesConfigs', () => HttpResponse.json({ Valencia: ['adChatId'] })),
  http.get('http://localhost:3000/api/cities', () =>
    HttpResponse.json([{ id: 3, name: 'Valencia', name_ru: 'Валенсия', chatname: '', currency: 'EUR', active: false }]),
  ),
);
afterEach(async () => i18nProvider.changeLocale('en'));

describe('the missing-config toast', () => {
  it('names the city in the interface language', async () => {
    logInAs({ roleId: Role.ADMIN, cityId: null });
    await i18nProvider.changeLocale('ru');
    const store = memoryStore({ locale: 'ru' });
    render(
      <AdminContext authProvider={authProvider} i18nProvider={i18nProvider} store={store}>
        <SettingsCheck />
      </AdminContext>,
    );
    expect(await screen.findByText(/Валенсия/)).toBeTruthy();
    expect(screen.queryByText(/Valencia/)).toBeNull();
  });
});
