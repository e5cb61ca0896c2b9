import { Alert, AlertTitle } from '@mui/material';
import { useGetRecordRepresentation, useGetResourceLabel, useNotify, useTranslate, type RaRecord } from 'react-admin';

type Severity = 'success' | 'error' | 'warning' | 'info';

/** A toast with a title, as the spec words them ('Saved' / 'City was saved/updated'). */
export function useTitledNotify() {
  const notify = useNotify();
  const translate = useTranslate();
  return (severity: Severity, title: string, message: string, args?: Record<string, unknown>) =>
    notify(
      <Alert severity={severity} variant="filled" sx={{ minWidth: 280 }}>
        <AlertTitle>{translate(title)}</AlertTitle>
        {translate(message, args)}
      </Alert>,
      { type: severity },
    );
}

/** What happened to a record, as the toast after it names it. */
export type RecordOutcome = 'created' | 'updated' | 'deleted';

/**
 * The toast after a record is created, saved or deleted, naming it in the user's language
 * ("Restaurant 'Brick Lane Burgers' saved"): the resource's singular name and the record as
 * its manifest represents it (its recordRepresentation), not react-admin's "Element updated".
 */
export function useRecordNotice(resource: string) {
  const notify = useNotify();
  const resourceLabel = useGetResourceLabel();
  const represent = useGetRecordRepresentation(resource);
  return (outcome: RecordOutcome, record: Partial<RaRecord> | undefined) => {
    const shown: unknown = record ? represent(record) : undefined;
    const name = typeof shown === 'string' || typeof shown === 'number' ? String(shown) : record?.id !== undefined ? `#${record.id}` : '';
    notify(`app.record.${outcome}`, { type: 'info', messageArgs: { resource: resourceLabel(resource, 1), name } });
  };
}
