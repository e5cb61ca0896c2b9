import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, IconButton, TextField, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';

/** The city's auth key, read-only, with a copy button. */
export const AuthKeyField = () => {
  const record = useRecordContext<{ authKey?: string }>();
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  if (!record?.authKey) return null;
  const copy = async () => {
    await navigator.clipboard?.writeText(record.authKey ?? '');
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%', maxWidth: 640, mb: 2 }}>
      <TextField
        label={translate('resources.cities.fields.authKey')}
        value={record.authKey}
        size="small"
        fullWidth
        InputProps={{ readOnly: true }}
        inputProps={{ 'data-testid': 'city-auth-key' }}
      />
      <Tooltip title={translate(copied ? 'resources.cities.copied' : 'resources.cities.copy')}>
        <IconButton onClick={copy} aria-label={translate('resources.cities.copy')}>
          <ContentCopyIcon />
        </IconButton>
      </Tooltip>
    </Box>
  );
};
