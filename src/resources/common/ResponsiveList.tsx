import { useMediaQuery, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { SimpleList, useCanAccess, useResourceContext, type RaRecord } from 'react-admin';

/**
 * A table on wide screens and a one-column list on phones, both linking each row to
 * `linkTo(record)` (the spec's edit path) for the roles that may edit them; for the others
 * the rows lead nowhere (never to 'Access denied').
 */
export function ResponsiveList<T extends RaRecord>({
  table,
  primary,
  secondary,
  linkTo,
}: {
  table: ReactNode;
  primary: (record: T) => ReactNode;
  secondary?: (record: T) => ReactNode;
  linkTo: (record: T) => string | false;
}) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const resource = useResourceContext();
  const { canAccess } = useCanAccess({ resource, action: 'edit', enabled: narrow });
  if (!narrow) return <>{table}</>;
  return (
    <SimpleList<T>
      primaryText={primary}
      secondaryText={secondary}
      rowClick={canAccess ? (_id, _resource, record) => linkTo(record as T) : false}
    />
  );
}
