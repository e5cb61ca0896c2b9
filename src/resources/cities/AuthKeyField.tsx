import { Box } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { CopyField } from '../common/CopyField';

/** The city's auth key, read-only, with a copy button. */
export const AuthKeyField = () => {
  const record = useRecordContext<{ authKey?: string }>();
  if (!record?.authKey) return null;
  return (
    <Box sx={{ width: '100%', maxWidth: 640 }}>
      <CopyField
        value={record.authKey}
        label="resources.cities.fields.authKey"
        copyLabel="resources.cities.copy"
        copied="resources.cities.copied"
        copyFailed="resources.cities.copyFailed"
        testId="city-auth-key"
      />
    </Box>
  );
};
