import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { shortened, valueText } from './auditValue';

/** One recorded value: its text (cut when long), "empty" for none, or only that a secret changed. */
export const AuditValue = ({ value, secret = false }: { value: unknown; secret?: boolean }) => {
  const translate = useTranslate();
  if (secret) {
    return (
      <Box component="em" data-audit-secret>
        {translate('resources.audit.entry.secret')}
      </Box>
    );
  }
  const text = valueText(value);
  if (text === null || text === '') return <Box component="em">{translate('resources.audit.entry.empty')}</Box>;
  return (
    <Box component="span" title={text.length > 160 ? text : undefined}>
      {shortened(text)}
    </Box>
  );
};
