import { TablePagination } from '@mui/material';
import { render, screen } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { MuiLocale } from '../../src/i18n/muiLocale';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { fixtures } from './renderScreen';

afterEach(async () => {
  await i18nProvider.changeLocale('en');
});

/** A list's page buttons as react-admin draws them on a phone: MUI's own, with MUI's default labels. */
const pagination = (locale: string) => {
  const store = memoryStore({ locale });
  return render(
    <AdminContext dataProvider={fixtures({})} i18nProvider={i18nProvider} store={store}>
      <MuiLocale>
        <TablePagination component="div" count={100} page={1} rowsPerPage={10} onPageChange={() => undefined} />
      </MuiLocale>
    </AdminContext>,
  );
};

describe('MUI’s own texts', () => {
  it.each([
    ['en', 'Go to next page', 'Go to previous page'],
    ['ru', 'Перейти на следующую страницу', 'Перейти на предыдущую страницу'],
    ['es', 'Ir a la página siguiente', 'Ir a la página anterior'],
  ])(
    'name the page buttons in %s',
    async (locale, next, previous) => {
      await i18nProvider.changeLocale(locale);
      pagination(locale);
      expect(await screen.findByRole('button', { name: next })).toBeTruthy();
      expect(screen.getByRole('button', { name: previous })).toBeTruthy();
    },
    20_000,
  );
});
