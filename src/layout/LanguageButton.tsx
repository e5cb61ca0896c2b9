import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LanguageIcon from '@mui/icons-material/Translate';
import { Button, Menu, MenuItem } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { useLocaleState, useLocales, useTranslate } from 'react-admin';
import { hasUnsavedChanges, UNSAVED_CHANGES_MESSAGE } from '../resources/common/unsavedChanges';

/**
 * The app bar's language menu (react-admin's LocalesMenuButton, same look). Switching the
 * language draws every screen anew, which empties an open form: with unsaved changes it asks
 * first, as leaving the form would.
 */
export const LanguageButton = () => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const languages = useLocales();
  const [locale, setLocale] = useLocaleState();
  const translate = useTranslate();
  const choose = (chosen: string) => () => {
    setAnchor(null);
    if (chosen === locale) return;
    if (hasUnsavedChanges() && !window.confirm(translate(UNSAVED_CHANGES_MESSAGE))) return;
    setLocale(chosen);
  };
  return (
    <>
      <Button
        color="inherit"
        variant="text"
        aria-controls="language-menu"
        aria-haspopup="true"
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        startIcon={<LanguageIcon />}
        endIcon={<ExpandMoreIcon fontSize="small" />}
      >
        {languages.find((language) => language.locale === locale)?.name ?? ''}
      </Button>
      <Menu id="language-menu" anchorEl={anchor} keepMounted open={anchor !== null} onClose={() => setAnchor(null)}>
        {languages.map((language) => (
          <MenuItem key={language.locale} onClick={choose(language.locale)} selected={language.locale === locale}>
            {language.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
