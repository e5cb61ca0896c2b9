import { enUS, esES, ruRU, type Localization } from '@mui/material/locale';
import { createTheme, ThemeProvider, useTheme } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { useLocaleState } from 'react-admin';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../domain';

/** MUI's own texts in each interface language: pagination's and the pickers' labels for screen readers, "No options" and the like. */
const MUI_TEXTS: Record<Locale, Localization> = { en: enUS, ru: ruRU, es: esES };

/**
 * Gives the MUI components below it the texts of the interface language. react-admin words
 * the controls it draws itself, but not MUI's defaults, which it leaves in English: the page
 * buttons of a list on a phone ("Go to next page"), an autocomplete's "Open" and "No options".
 */
export const MuiLocale = ({ children }: { children: ReactNode }) => {
  const outer = useTheme();
  const [chosen] = useLocaleState();
  const locale = isLocale(chosen) ? chosen : DEFAULT_LOCALE;
  const theme = useMemo(() => createTheme(outer, MUI_TEXTS[locale]), [outer, locale]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
};
