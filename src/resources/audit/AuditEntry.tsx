import { Box, Card, CardContent, Chip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { auditChanges, isAuditSecret, type AuditAction, type AuditRecord } from '../../domain';
import { useFormat } from '../common/useFormat';
import { valueText } from './auditValue';
import { AuditValue } from './AuditValue';

const ACTION_COLORS: Record<AuditAction, 'success' | 'info' | 'error' | 'default' | 'warning'> = {
  insert: 'success',
  update: 'info',
  delete: 'error',
  login: 'default',
  login_failed: 'warning',
};

const fieldList = { m: 0, pl: 2.5, display: 'flex', flexDirection: 'column', gap: 0.25 } as const;

/** One field of a record: its column name, then its value or its change. */
const Field = ({ name, children }: { name: string; children: ReactNode }) => (
  <Typography component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
    <Box component="code" sx={{ fontFamily: 'monospace', mr: 0.75 }}>
      {name}:
    </Box>
    {children}
  </Typography>
);

/** What a record says changed: an update's fields before → after; a created or deleted row, folded; a login's who and where. */
const Changes = ({ record }: { record: AuditRecord }) => {
  const translate = useTranslate();
  // An order's status by its name, as the order screens call it.
  const named = (field: string, value: unknown) =>
    record.entity === 'orders' && field === 'status' && typeof value === 'number'
      ? translate(`resources.orders.statuses.${value}.label`, { _: String(value) })
      : value;
  if (record.action === 'update') {
    return (
      <Box component="ul" sx={fieldList}>
        {auditChanges(record).map((change) => (
          <Field key={change.field} name={change.field}>
            {change.secret ? (
              <AuditValue value={null} secret />
            ) : (
              <>
                <AuditValue value={named(change.field, change.before)} /> → <AuditValue value={named(change.field, change.after)} />
              </>
            )}
          </Field>
        ))}
      </Box>
    );
  }
  if (record.action === 'login' || record.action === 'login_failed') {
    const reason = valueText(record.changes.reason);
    const ip = valueText(record.changes.ip);
    const parts = [
      valueText(record.changes.username),
      ip ? translate('resources.audit.entry.from', { ip }) : null,
      reason ? translate(`resources.audit.reasons.${reason}`, { _: reason }) : null,
    ];
    return (
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {parts.filter((part) => part !== null && part !== '').join(' · ')}
      </Typography>
    );
  }
  const fields = Object.entries(record.changes);
  return (
    <Box component="details">
      <Box component="summary" sx={{ cursor: 'pointer' }}>
        <Typography component="span" variant="body2">
          {translate('resources.audit.entry.fields', { smart_count: fields.length })}
        </Typography>
      </Box>
      <Box component="ul" sx={{ ...fieldList, mt: 0.5 }}>
        {fields.map(([field, value]) => (
          <Field key={field} name={field}>
            <AuditValue value={value} secret={isAuditSecret(field, value, record.changes)} />
          </Field>
        ))}
      </Box>
    </Box>
  );
};

/** One record of the trail: what was done to which record, when and by whom, and the fields. */
export const AuditEntry = ({ record }: { record: AuditRecord }) => {
  const translate = useTranslate();
  const format = useFormat();
  const entity = translate(`resources.audit.entities.${record.entity}`, { _: record.entity });
  const who = record.actor ? (record.actor.username ?? record.actor.name) : translate('resources.audit.noActor');
  return (
    <Card variant="outlined" component="article" data-audit={record.id} data-action={record.action} data-entity={record.entity}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.75, '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Chip size="small" color={ACTION_COLORS[record.action]} label={translate(`resources.audit.actions.${record.action}`)} />
          <Typography variant="subtitle2" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {record.entityId ? translate('resources.audit.entry.record', { entity, id: record.entityId }) : entity}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          <time dateTime={record.at}>{format.time(record.at)}</time> · <span data-audit-actor>{who}</span>
        </Typography>
        <Changes record={record} />
      </CardContent>
    </Card>
  );
};
