import { useMediaQuery, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { SimpleList, type RaRecord } from 'react-admin';

/**
 * A table on wide screens and a one-column list on phones, both linking each row to
 * `linkTo(record)` (the spec's edit path).
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
  if (!narrow) return <>{table}</>;
  return (
    <SimpleList<T>
      primaryText={primary}
      secondaryText={secondary}
      rowClick={(_id, _resource, record) => linkTo(record as T)}
    />
  );
}
