import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { Bot } from './paths';

/**
 * The bot's endpoint, read-only with a copy button: the admin gives it to the messenger as the
 * bot's webhook. Without a public URL there is no endpoint, and a note says why.
 */
export const BotEndpoint = () => {
  const bot = useRecordContext<Bot>();
  const translate = useTranslate();
  const notify = useNotify();
  if (!bot) return null;
  if (!bot.endpoint) {
    return (
      <Alert severity="info" sx={{ mb: 2, width: '100%' }} data-testid="bot-endpoint-missing">
        {translate('resources.bots.endpoint.missing')}
      </Alert>
    );
  }
  const endpoint = bot.endpoint;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(endpoint);
      notify('resources.bots.notifications.copied', { type: 'info' });
    } catch {
      notify('resources.bots.notifications.copyFailed', { type: 'warning' });
    }
  };
  const label = translate('resources.bots.endpoint.copy');
  return (
    <Box sx={{ width: '100%', mb: 2 }}>
      <TextField
        fullWidth
        label={translate('resources.bots.fields.endpoint')}
        helperText={translate('resources.bots.helpers.endpoint')}
        value={endpoint}
        slotProps={{
          htmlInput: { readOnly: true, 'data-testid': 'bot-endpoint' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={label}>
                  <IconButton aria-label={label} onClick={copy} edge="end">
                    <ContentCopyIcon />
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
};
