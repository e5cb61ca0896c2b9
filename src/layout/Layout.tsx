import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { AppBar, AppBarClasses, Layout as RaLayout, LoadingIndicator, TitlePortal } from 'react-admin';
import { MuiLocale } from '../i18n/muiLocale';
import { DocumentTitle } from './DocumentTitle';
import { LanguageButton } from './LanguageButton';
import { LiveControls } from './LiveControls';
import { LiveUpdates } from './LiveUpdates';
import { NotificationBell } from './notifications/NotificationBell';
import { RoleMenu } from './RoleMenu';
import { SettingsCheck } from './SettingsCheck';
import { VersionNotice } from './VersionNotice';

/**
 * On a phone the language button keeps only its icons (its name stays for screen readers), so
 * that a long screen title is not hidden behind it.
 */
const Toolbar = () => (
  <>
    <LiveControls />
    <NotificationBell />
    <Box sx={(theme) => ({ [theme.breakpoints.down('sm')]: { '& .MuiButton-root': { fontSize: 0, minWidth: 0 } } })}>
      <LanguageButton />
    </Box>
    <LoadingIndicator />
  </>
);

/** The app bar, always shown, with the screen's title as the page's level-one heading. */
const TitledAppBar = () => (
  <AppBar alwaysOn toolbar={<Toolbar />}>
    <TitlePortal
      component="h1"
      className={AppBarClasses.title}
      // A title longer than a phone's bar ends in an ellipsis instead of running under the controls.
      sx={{
        minWidth: 0,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        '& .RaConfigurable-root': { display: 'inline' },
      }}
    />
  </AppBar>
);

const ScreenLayout = ({ children }: { children: ReactNode }) => (
  <RaLayout menu={RoleMenu} appBar={TitledAppBar}>
    <DocumentTitle />
    <LiveUpdates />
    <SettingsCheck />
    {children}
    <VersionNotice />
  </RaLayout>
);

/** MUI's own texts (a phone's page buttons, an autocomplete's "No options") follow the interface language too. */
export const Layout = ({ children }: { children: ReactNode }) => (
  <MuiLocale>
    <ScreenLayout>{children}</ScreenLayout>
  </MuiLocale>
);
