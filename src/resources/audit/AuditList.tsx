import { Box, Typography } from '@mui/material';
import { List, Loading, Pagination, useListContext, useTranslate } from 'react-admin';
import type { AuditRecord } from '../../domain';
import { useAuditFilters } from './auditFilters';
import { AuditEntry } from './AuditEntry';
import { AUDIT_DEFAULT_PER_PAGE } from './auditQuery';

const AuditEntries = () => {
  const translate = useTranslate();
  const { data, isPending } = useListContext<AuditRecord>();
  if (isPending) return <Loading />;
  if (!data || data.length === 0) return <Typography sx={{ p: 2 }}>{translate('resources.audit.empty')}</Typography>;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, p: { xs: 1, sm: 2 } }}>
      {data.map((record) => (
        <AuditEntry key={record.id} record={record} />
      ))}
    </Box>
  );
};

/**
 * /audit: every change made through the back-office and every login, newest first, filtered
 * and paged by the server; admins read all of it, city admins their city's.
 */
export const AuditList = () => {
  const filters = useAuditFilters();
  return (
    <List
      resource="audit"
      filters={filters}
      sort={{ field: 'at', order: 'DESC' }}
      perPage={AUDIT_DEFAULT_PER_PAGE}
      empty={false}
      exporter={false}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
    >
      <AuditEntries />
    </List>
  );
};
