import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { RoleMenu } from './RoleMenu';
import { SettingsCheck } from './SettingsCheck';
import { VersionNotice } from './VersionNotice';

export const Layout = ({ children }: { children: ReactNode }) => (
  <RaLayout menu={RoleMenu}>
    {children}
    <VersionNotice />
    <SettingsCheck />
  </RaLayout>
);
