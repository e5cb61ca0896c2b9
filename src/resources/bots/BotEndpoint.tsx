import { Alert } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { CopyField } from '../common/CopyField';
import type { Bot } from '../../domain';

/**
 * The bot's endpoint, read-only with a copy button: the admin gives it to the messenger as the
 * bot's webhook. Without a public URL there is no endpoint, and a note says why.
 */
export const BotEndpoint = () => {
  const bot = useRecordContext<Bot>();
  const translate = useTranslate();
  if (!bot) return null;
  if (!bot.endpoint) {
    return (
      <Alert severity="info" sx={{ mb: 2, width: '100%' }} data-testid="bot-endpoint-missing">
        {translate('resources.bots.endpoint.missing')}
      </Alert>
    );
  }
  return (
    <CopyField
      value={bot.endpoint}
      label="resources.bots.fields.endpoint"
      helperText="resources.bots.helpers.endpoint"
      copyLabel="resources.bots.endpoint.copy"
      copied="resources.bots.notifications.copied"
      copyFailed="resources.bots.notifications.copyFailed"
      testId="bot-endpoint"
    />
  );
};
