import type { ReactNode } from 'react';
import { AppBar, AppBarClasses, Layout as RaLayout, TitlePortal } from 'react-admin';
import { DocumentTitle } from './DocumentTitle';
import { RoleMenu } from './RoleMenu';
import { SettingsCheck } from './SettingsCheck';
import { VersionNotice } from './VersionNotice';

/** The app bar, always shown, with the screen's title as the page's level-one heading. */
const TitledAppBar = () => (
  <AppBar alwaysOn>
    <TitlePortal component="h1" className={AppBarClasses.title} />
  </AppBar>
);

export const Layout = ({ children }: { children: ReactNode }) => (
  <RaLayout menu={RoleMenu} appBar={TitledAppBar}>
    <DocumentTitle />
    {children}
    <VersionNotice />
    <SettingsCheck />
  </RaLayout>
);
