import StopIcon from '@mui/icons-material/Stop';
import { Box, Button, Card, CardContent, Chip, LinearProgress, Typography, type ChipProps } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useDelete, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { mailingPercent, mailingStatusName, mailingStoppable, type Mailing } from '../../domain';
import { useSession } from '../common/useSession';
import { audienceSummary } from './audienceSummary';
import { MailingPhoto } from './MailingPhoto';

const STATUS_COLOR: Record<ReturnType<typeof mailingStatusName>, ChipProps['color']> = {
  created: 'default',
  processing: 'info',
  finished: 'success',
  failed: 'error',
};

/** Why it failed (or, while it sends, the messenger's last refusal), in the user's language. */
const Reason = ({ mailing }: { mailing: Mailing }) => {
  const translate = useTranslate();
  const error = mailing.lastError ?? '';
  let text: string | null = null;
  if (mailing.failure === 'stopped') {
    text = mailing.stoppedBy
      ? translate('resources.spam.failure.stopped', { who: mailing.stoppedBy })
      : translate('resources.spam.failure.stoppedAnonymous');
  } else if (mailing.failure) text = translate(`resources.spam.failure.${mailing.failure}`, { error });
  else if (error) text = translate('resources.spam.failure.lastError', { error });
  return text ? (
    <Typography variant="body2" color={mailing.failure ? 'error' : 'text.secondary'} data-testid="mailing-reason">
      {text}
    </Typography>
  ) : null;
};

/**
 * Who had blocked the bot, who was not reached, and whose send's outcome is unknown (the server
 * stopped during it: counted apart, as they may well have the message, and never sent again).
 */
const Outcomes = ({ mailing }: { mailing: Mailing }) => {
  const translate = useTranslate();
  const refused = Math.max(0, mailing.undelivered - mailing.unconfirmed);
  const parts = [
    mailing.blocked > 0 ? translate('resources.spam.list.blocked', { smart_count: mailing.blocked }) : null,
    refused > 0 ? translate('resources.spam.list.undelivered', { smart_count: refused }) : null,
    mailing.unconfirmed > 0 ? translate('resources.spam.list.unconfirmed', { smart_count: mailing.unconfirmed }) : null,
  ].filter(Boolean);
  return parts.length > 0 ? (
    <Typography variant="body2" color="text.secondary" data-testid="mailing-outcomes">
      {parts.join(' · ')}
    </Typography>
  ) : null;
};

/**
 * Stops a waiting or sending mailing after a confirmation (DELETE /spam/{id}). Its dialog is
 * the item's (`open`): the live progress may end the mailing meanwhile, and the dialog and the
 * answer to the stop must stay.
 */
const StopButton = ({ mailing, open, setOpen }: { mailing: Mailing; open: boolean; setOpen: (open: boolean) => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [remove, { isPending }] = useDelete();
  const stop = () =>
    remove(
      'spam',
      { id: mailing.id, previousData: mailing },
      {
        onSuccess: () => {
          setOpen(false);
          notify('resources.spam.list.stopped', { type: 'info' });
          return queryClient.invalidateQueries({ queryKey: ['spam'] });
        },
        onError: (error) => {
          setOpen(false);
          notify(error instanceof Error ? error.message : String(error), { type: 'error' });
          return queryClient.invalidateQueries({ queryKey: ['spam'] });
        },
      },
    );
  return (
    <>
      <Button color="error" variant="outlined" size="small" startIcon={<StopIcon />} onClick={() => setOpen(true)}>
        {translate('resources.spam.list.stop')}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="resources.spam.list.stopTitle"
        content="resources.spam.list.stopContent"
        onConfirm={stop}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

/** One previous mailing: its status, text, photo, button, when it was made, and how far it got. */
export const MailingItem = ({ mailing }: { mailing: Mailing }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { can } = useSession();
  const status = mailingStatusName(mailing.status);
  const percent = mailingPercent(mailing);
  const button = mailing.config.bindedButton;
  const progressId = `mailing-${mailing.id}-progress`;
  const [stopOpen, setStopOpen] = useState(false);
  const audience = audienceSummary(mailing.audience, translate, locale);
  return (
    <Card variant="outlined" component="article" data-mailing={mailing.id} data-status={mailing.status}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Chip
            size="small"
            color={STATUS_COLOR[status]}
            label={translate(`resources.spam.status.${status}`)}
            data-testid="mailing-status"
          />
          <Typography variant="body2" color="text.secondary" component="span">
            {translate('resources.spam.list.created', {
              date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(mailing.createdAt)),
            })}
          </Typography>
        </Box>
        {audience ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid="mailing-audience">
            {translate('resources.spam.summary.to', { audience })}
          </Typography>
        ) : null}
        <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {mailing.text}
        </Typography>
        {mailing.photoId ? <MailingPhoto photoId={mailing.photoId} cityId={mailing.cityId} /> : null}
        {button?.enabled ? (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {translate(button.type === 'restaurant' ? 'resources.spam.list.restaurantButton' : 'resources.spam.list.button', {
              text: button.text,
              value: button.value,
            })}
          </Typography>
        ) : null}
        <Box>
          <Typography id={progressId} variant="body2" data-testid="mailing-progress">
            {translate('resources.spam.list.progress')}:{' '}
            {translate('resources.spam.list.progressText', { position: mailing.position, count: mailing.count, percent })}
          </Typography>
          <LinearProgress variant="determinate" value={percent} aria-labelledby={progressId} sx={{ mt: 0.5, height: 8, borderRadius: 1 }} />
        </Box>
        <Outcomes mailing={mailing} />
        <Reason mailing={mailing} />
        {(mailingStoppable(mailing.status) || stopOpen) && can('spam', 'delete') ? (
          <Box>
            <StopButton mailing={mailing} open={stopOpen} setOpen={setStopOpen} />
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
};
