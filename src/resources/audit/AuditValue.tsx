import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { shortened, type AuditValueText } from './auditValue';

/** One recorded value in people's words (cut when long), "empty" for none, or only that a secret changed. */
export const AuditValue = ({ value, secret = false }: { value: AuditValueText | null; secret?: boolean }) => {
  const translate = useTranslate();
  if (secret || value === null) {
    return (
      <Box component="em" data-audit-secret>
        {translate('resources.audit.entry.secret')}
      </Box>
    );
  }
  if (value.empty) return <Box component="em">{value.text}</Box>;
  return (
    <Box component="span" title={value.text.length > 160 ? value.text : undefined}>
      {shortened(value.text)}
    </Box>
  );
};
