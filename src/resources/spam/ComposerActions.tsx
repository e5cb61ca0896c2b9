import SendIcon from '@mui/icons-material/Send';
import { Box, Button, CircularProgress } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, TextInput, useCreate, useNotify, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { formValidator, mailingCreateSchema, mailingTestSchema } from '../../domain';
import { createBody, readComposer, testBody, type ComposerValues } from './composerValues';
import { sendTestMessage } from './spamApi';
import { useRecipientCount } from './useRecipientCount';

const checkCreate = formValidator(mailingCreateSchema);
const checkTest = formValidator(mailingTestSchema);

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The composer's two sends: a test to one messenger id now, and the mailing itself after a
 * confirmation that names how many customers it reaches. Both wait for a valid message (a text
 * of at least 10 characters, a complete button) and for a photo upload to finish.
 */
export const ComposerActions = ({ cityId, uploading, defaults }: { cityId: number; uploading: boolean; defaults: ComposerValues }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { reset } = useFormContext();
  const values = readComposer(useWatch());
  const [confirming, setConfirming] = useState(false);
  const [create, { isPending: sending }] = useCreate();

  const count = useRecipientCount(cityId);
  const messageProblems = Object.keys(checkCreate(createBody(values, cityId)));
  const testProblems = Object.keys(checkTest(testBody(values, cityId)));

  const test = useMutation({
    mutationFn: () => sendTestMessage(testBody(values, cityId)),
    onSuccess: () => notify('resources.spam.composer.testSent', { type: 'success' }),
    onError: (error) => notify(errorText(error), { type: 'error' }),
  });

  const send = () =>
    create(
      'spam',
      { data: createBody(values, cityId) },
      {
        onSuccess: () => {
          setConfirming(false);
          notify('resources.spam.composer.sent', { type: 'success' });
          // The message is gone; the audience and the test recipient stay for the next one.
          reset({ ...defaults, lastActiveDate: values.lastActiveDate, audience: values.audience, recipientId: values.recipientId });
          return queryClient.invalidateQueries({ queryKey: ['spam'] });
        },
        onError: (error) => {
          setConfirming(false);
          notify(errorText(error), { type: 'error' });
        },
      },
    );

  const recipients = count.data ?? 0;
  const canTest = testProblems.length === 0 && values.recipientId.trim() !== '' && !uploading && !test.isPending;
  // Only once the count shown is the one of the filters as they stand: the confirmation names it.
  const canSend = messageProblems.length === 0 && count.isSuccess && count.settled && recipients > 0 && !uploading && !sending;
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 2 }}>
        <TextInput
          source="recipientId"
          label="resources.spam.composer.recipientId"
          helperText="resources.spam.composer.recipientHelp"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ flex: '1 1 240px', maxWidth: { sm: 360 } }}
        />
        <Button
          variant="outlined"
          onClick={() => test.mutate()}
          disabled={!canTest}
          startIcon={test.isPending ? <CircularProgress size={16} /> : undefined}
          sx={{ mt: 1, mb: 2 }}
        >
          {translate('resources.spam.composer.test')}
        </Button>
      </Box>
      <Button variant="contained" startIcon={<SendIcon />} onClick={() => setConfirming(true)} disabled={!canSend}>
        {translate('resources.spam.composer.send')}
      </Button>
      <Confirm
        isOpen={confirming}
        loading={sending}
        title="resources.spam.composer.confirmTitle"
        content="resources.spam.composer.confirm"
        translateOptions={{ smart_count: recipients }}
        onConfirm={send}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};
