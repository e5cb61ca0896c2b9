import { Box, Card, CardContent, Chip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { auditChanges, auditEvent, isAuditSecret, type AuditAction, type AuditChange, type AuditRecord } from '../../domain';
import { useFormat } from '../common/useFormat';
import { auditFieldLabel, auditValueText, recordName, settingKeyOf, valueText, type AuditFormat } from './auditValue';
import { AuditValue } from './AuditValue';
import { AUDIT_LABELS } from './labels';
import { auditEventText } from './auditEventText';

const ACTION_COLORS: Record<AuditAction, 'success' | 'info' | 'error' | 'default' | 'warning'> = {
  insert: 'success',
  update: 'info',
  delete: 'error',
  login: 'default',
  login_failed: 'warning',
};

const fieldList = { m: 0, pl: 2.5, display: 'flex', flexDirection: 'column', gap: 0.25 } as const;

/** One field of a record: its label as the form names it, then its value or its change. */
const Field = ({ field, label, children }: { field: string; label: string; children: ReactNode }) => (
  <Typography component="li" variant="body2" data-field={field} sx={{ overflowWrap: 'anywhere' }}>
    <Box component="span" sx={{ fontWeight: 500, mr: 0.75 }}>
      {label}:
    </Box>
    {children}
  </Typography>
);

/** The fields of an update, each before → after (a secret only as changed). */
const UpdateList = ({ record, changes, format }: { record: AuditRecord; changes: AuditChange[]; format: AuditFormat }) => {
  const settingKey = settingKeyOf(record);
  return (
    <Box component="ul" sx={fieldList}>
      {changes.map((change) => {
        const place = { entity: record.entity, field: change.field, settingKey };
        return (
          <Field key={change.field} field={change.field} label={auditFieldLabel(place, AUDIT_LABELS, format.translate)}>
            {change.secret ? (
              <AuditValue value={null} secret />
            ) : (
              <>
                <AuditValue value={auditValueText(place, change.before, format)} /> →{' '}
                <AuditValue value={auditValueText(place, change.after, format)} />
              </>
            )}
          </Field>
        );
      })}
    </Box>
  );
};

/** What a record says changed: an action people name (a stop, a pause), an update's fields, a created or deleted row folded, a login's who and where. */
const Changes = ({ record, who, format }: { record: AuditRecord; who: string; format: AuditFormat }) => {
  const { translate } = format;
  if (record.action === 'update') {
    const changes = auditChanges(record);
    const recognised = auditEvent(record);
    if (!recognised) return <UpdateList record={record} changes={changes} format={format} />;
    const rest = changes.filter((change) => !recognised.covers.includes(change.field));
    return (
      <>
        <Typography variant="body2" data-audit-event={recognised.event.kind} sx={{ overflowWrap: 'anywhere' }}>
          {auditEventText(recognised.event, record, who, format)}
        </Typography>
        {rest.length > 0 ? <UpdateList record={record} changes={rest} format={format} /> : null}
      </>
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
  const settingKey = settingKeyOf(record);
  return (
    <Box component="details">
      <Box component="summary" sx={{ cursor: 'pointer' }}>
        <Typography component="span" variant="body2">
          {translate('resources.audit.entry.fields', { smart_count: fields.length })}
        </Typography>
      </Box>
      <Box component="ul" sx={{ ...fieldList, mt: 0.5 }}>
        {fields.map(([field, value]) => {
          const place = { entity: record.entity, field, settingKey };
          const secret = isAuditSecret(field, value, record.changes);
          return (
            <Field key={field} field={field} label={auditFieldLabel(place, AUDIT_LABELS, translate)}>
              <AuditValue value={secret ? null : auditValueText(place, value, format)} secret={secret} />
            </Field>
          );
        })}
      </Box>
    </Box>
  );
};

/** One record of the trail: what was done to which record (by its name, an order by its number), when and by whom, and the fields. */
export const AuditEntry = ({ record }: { record: AuditRecord }) => {
  const translate = useTranslate();
  const screen = useFormat();
  const format: AuditFormat = { translate, locale: screen.locale, time: screen.time, names: record.names };
  const entity = translate(`resources.audit.entities.${record.entity}`, { _: record.entity });
  const who = record.actor ? (record.actor.username ?? record.actor.name) : translate('resources.audit.noActor');
  const name = recordName(record, AUDIT_LABELS, format);
  const title =
    name !== null
      ? translate('resources.audit.entry.named', { entity, name })
      : record.entityId
        ? translate('resources.audit.entry.record', { entity, id: record.entityId })
        : entity;
  return (
    <Card variant="outlined" component="article" data-audit={record.id} data-action={record.action} data-entity={record.entity}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.75, '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Chip size="small" color={ACTION_COLORS[record.action]} label={translate(`resources.audit.actions.${record.action}`)} />
          <Typography variant="subtitle2" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          <time dateTime={record.at}>{screen.time(record.at)}</time> · <span data-audit-actor>{who}</span>
        </Typography>
        <Changes record={record} who={who} format={format} />
      </CardContent>
    </Card>
  );
};
