import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';

/** The ten recovery codes, shown once after setup, to copy or write down. */
export const RecoveryCodes = ({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      notify('secondFactor.copied', { type: 'info' });
    } catch {
      notify('secondFactor.copyFailed', { type: 'warning' });
    }
  };
  return (
    <Stack spacing={2} data-testid="recovery-codes">
      <Typography variant="h6" component="h2">
        {translate('secondFactor.recoveryTitle')}
      </Typography>
      <Alert severity="warning">{translate('secondFactor.recoveryText')}</Alert>
      <Box
        component="ol"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(auto-fill, minmax(9rem, 1fr))' },
          gap: 1,
          pl: 3,
          m: 0,
          fontFamily: 'monospace',
          fontSize: '1rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="outlined" onClick={copy}>
          {translate('secondFactor.copy')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {translate('secondFactor.done')}
        </Button>
      </Stack>
    </Stack>
  );
};
