import { Box, Button, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { adminMessageSchema, formValidator, orderMessageSchema, type OrderMessage } from '../../domain';
import { useSession } from '../common/useSession';
import { useApiMutation } from '../common/useApiQuery';
import { orderKeys } from './orderKeys';
import { sendOrderMessage, type MessageKind } from './orderWrites';

interface Sending {
  kind: MessageKind;
  text: string;
  url: string;
}

const checkMessage = formValidator(orderMessageSchema);
const checkAdminMessage = formValidator(adminMessageSchema);

/**
 * The message box of an order's chat, checked with the API's own rules as the user types,
 * and its send buttons: to the customer as the restaurant, to the restaurant as the customer,
 * and (for the staff who may) a direct admin message with an optional link.
 */
export const ChatComposer = ({ threadId }: { threadId: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { can } = useSession();
  const mayAdmin = can('orderAdminMessage', 'create');
  const [text, setText] = useState('');
  const [url, setUrl] = useState('');
  const id = useId();
  const send = useApiMutation<OrderMessage, Sending>({
    mutationFn: (sending) => sendOrderMessage(threadId, sending.kind, sending.text, sending.url || null),
    onSuccess: () => {
      setText('');
      setUrl('');
      notify('resources.orders.chat.sent', { type: 'info' });
    },
    onError: (error) => notify('resources.orders.chat.error', { type: 'error', messageArgs: { message: error.message } }),
    // The chat's key in react-admin's cache is asked again, sent or not (the live stream refreshes the count and the timeline).
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.chat(threadId) }),
  });

  const textProblem = text === '' ? undefined : checkMessage({ text }).text;
  const urlProblem = url === '' ? undefined : checkAdminMessage({ text, url }).url;
  const blocked = text.trim() === '' || textProblem !== undefined || send.isPending;
  const problemText = (problem: { message: string; args?: Record<string, string | number> } | undefined) =>
    problem ? translate(problem.message, problem.args) : undefined;
  const button = (kind: MessageKind, label: string, disabled: boolean) => (
    <Button variant="outlined" size="small" disabled={disabled} onClick={() => send.mutate({ kind, text, url })} data-send={kind}>
      {translate(label)}
    </Button>
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 1 }}>
      <TextField
        id={`${id}-text`}
        label={translate('resources.orders.chat.text')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline
        minRows={2}
        fullWidth
        error={textProblem !== undefined}
        helperText={problemText(textProblem)}
        slotProps={{ htmlInput: { name: 'text' } }}
      />
      {mayAdmin ? (
        <TextField
          id={`${id}-url`}
          size="small"
          label={translate('resources.orders.chat.url')}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          fullWidth
          error={urlProblem !== undefined}
          helperText={problemText(urlProblem) ?? translate('resources.orders.chat.urlHelp')}
          slotProps={{ htmlInput: { name: 'url', inputMode: 'url' } }}
        />
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {button('TO_USER', 'resources.orders.chat.toUser', blocked)}
        {button('TO_RESTAURANT', 'resources.orders.chat.toRestaurant', blocked)}
        {mayAdmin ? button('ADMIN', 'resources.orders.chat.admin', blocked || urlProblem !== undefined) : null}
      </Box>
    </Box>
  );
};
