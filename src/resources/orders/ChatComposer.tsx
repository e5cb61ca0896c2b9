import QuickreplyIcon from '@mui/icons-material/Quickreply';
import { Box, Button, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import {
  adminMessageSchema,
  formValidator,
  MessageStatus,
  orderMessageSchema,
  unfilledVariables,
  type Order,
  type OrderMessage,
} from '../../domain';
import { useSession } from '../common/useSession';
import { useApiMutation } from '../common/useApiQuery';
import { CannedReplyPicker, countReplyUse } from './CannedReplyPicker';
import { chatFailureText } from './chatFailure';
import { orderKeys } from './orderKeys';
import { sendOrderMessage, type MessageKind } from './orderWrites';

interface Sending {
  kind: MessageKind;
  text: string;
  url: string;
  /** The canned reply the text was built from, whose count goes up once it is sent. */
  replyId: number | null;
}

const checkMessage = formValidator(orderMessageSchema);
const checkAdminMessage = formValidator(adminMessageSchema);

/** How often the chat is asked while a sent message waits for its outcome, and how long it is watched. */
const WATCH_EVERY_MS = 1500;
const WATCH_FOR_MS = 15_000;

/** Each button names who receives the message first, then whom it comes from. */
const BUTTONS: { kind: MessageKind; label: string; hint: string }[] = [
  { kind: 'TO_USER', label: 'resources.orders.chat.toUser', hint: 'resources.orders.chat.toUserHint' },
  { kind: 'TO_RESTAURANT', label: 'resources.orders.chat.toRestaurant', hint: 'resources.orders.chat.toRestaurantHint' },
  { kind: 'ADMIN', label: 'resources.orders.chat.admin', hint: 'resources.orders.chat.adminHint' },
];

/**
 * The message box of an order's chat, checked with the API's own rules as the user types,
 * and its send buttons: to the customer as the restaurant, to the restaurant as the customer,
 * and (for the staff who may) a direct admin message with an optional link. The toast tells
 * the delivery's outcome, never "sent" before the messenger has it: a message that cannot be
 * delivered says why (and its text stays in the box), one on its way is watched until the
 * messenger took it, refused it or is not answering.
 *
 * With the order at hand, `/` at the start of the message (or the replies button) opens the
 * canned replies; the chosen one is inserted with the order's facts, still editable, and a
 * variable left without a value keeps the message from being sent.
 */
export const ChatComposer = ({ threadId, order }: { threadId: string; order?: Order }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { can } = useSession();
  const mayAdmin = can('orderAdminMessage', 'create');
  const [text, setText] = useState('');
  const [url, setUrl] = useState('');
  const [picking, setPicking] = useState(false);
  const [replyId, setReplyId] = useState<number | null>(null);
  const textInput = useRef<HTMLTextAreaElement | HTMLInputElement | null>(null);
  const mayPick = order !== undefined && can('cannedReplies', 'list');
  const id = useId();
  // Watching stops when the chat closes.
  const closed = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    closed.current = controller;
    return () => controller.abort();
  }, []);

  const failedToast = useCallback(
    (message: OrderMessage) =>
      notify('resources.orders.chat.failed', { type: 'error', messageArgs: { reason: chatFailureText(translate, message.failure) } }),
    [notify, translate],
  );

  /** Reads the chat again until the message on its way is sent, failed or delayed, and says which. */
  const watch = async (messageId: number) => {
    const signal = closed.current.signal;
    const deadline = Date.now() + WATCH_FOR_MS;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, WATCH_EVERY_MS));
      if (signal.aborted) return;
      await queryClient.invalidateQueries({ queryKey: orderKeys.chat(threadId) });
      const message = queryClient.getQueryData<OrderMessage[]>(orderKeys.chat(threadId))?.find((m) => m.id === messageId);
      if (message?.status === MessageStatus.FAILED) return failedToast(message);
      if (message?.status === MessageStatus.SENT) return notify('resources.orders.chat.sent', { type: 'info' });
      if (message?.status === MessageStatus.DELAYED) return notify('resources.orders.chat.delayed', { type: 'warning' });
    }
    notify('resources.orders.chat.queued', { type: 'info' });
  };

  const send = useApiMutation<OrderMessage, Sending>({
    mutationFn: (sending) => sendOrderMessage(threadId, sending.kind, sending.text, sending.url || null),
    onSuccess: (message, sending) => {
      if (message.status === MessageStatus.FAILED) {
        failedToast(message);
        return;
      }
      if (sending.replyId !== null) void countReplyUse(sending.replyId);
      setText('');
      setUrl('');
      setReplyId(null);
      if (message.status === MessageStatus.SENT) notify('resources.orders.chat.sent', { type: 'info' });
      else void watch(message.id);
    },
    onError: (error) => notify('resources.orders.chat.error', { type: 'error', messageArgs: { message: error.message } }),
    // The chat's key in react-admin's cache is asked again, sent or not (the live stream refreshes the count and the timeline).
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.chat(threadId) }),
  });

  const textProblem = text === '' ? undefined : checkMessage({ text }).text;
  const urlProblem = url === '' ? undefined : checkAdminMessage({ text, url }).url;
  const unfilled = unfilledVariables(text);
  const blocked = text.trim() === '' || textProblem !== undefined || unfilled.length > 0 || send.isPending;
  const problemText = (problem: { message: string; args?: Record<string, string | number> } | undefined) =>
    problem ? translate(problem.message, problem.args) : undefined;

  const changeText = (next: string) => {
    // A `/` typed at the start of the message opens the replies.
    if (mayPick && next.startsWith('/') && !text.startsWith('/')) setPicking(true);
    if (next === '') setReplyId(null);
    setText(next);
  };

  const closePicker = (refocus: boolean) => {
    setPicking(false);
    if (refocus) textInput.current?.focus();
  };

  /** The reply takes the place of the `/` that opened the list, or goes in where the caret is. */
  const insertReply = (picked: { replyId: number; text: string }) => {
    const input = textInput.current;
    let next: string;
    if (text.startsWith('/') || text.trim() === '') next = picked.text;
    else {
      const at = input?.selectionStart ?? text.length;
      next = `${text.slice(0, at)}${picked.text}${text.slice(at)}`;
    }
    setText(next);
    setReplyId(picked.replyId);
    setPicking(false);
    requestAnimationFrame(() => input?.focus());
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 1 }}>
      <TextField
        id={`${id}-text`}
        label={translate('resources.orders.chat.text')}
        value={text}
        onChange={(event) => changeText(event.target.value)}
        inputRef={textInput}
        multiline
        minRows={2}
        fullWidth
        error={textProblem !== undefined}
        helperText={problemText(textProblem)}
        slotProps={{ htmlInput: { name: 'text' } }}
      />
      {picking && order ? <CannedReplyPicker order={order} onPick={insertReply} onClose={closePicker} /> : null}
      {unfilled.length > 0 ? (
        <Typography variant="body2" color="warning.main" role="alert" data-testid="canned-missing">
          {translate('resources.cannedReplies.picker.missing', { variables: unfilled.map((name) => `{${name}}`).join(', ') })}
        </Typography>
      ) : null}
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
        {BUTTONS.filter(({ kind }) => kind !== 'ADMIN' || mayAdmin).map(({ kind, label, hint }) => (
          <Button
            key={kind}
            variant="outlined"
            size="small"
            disabled={blocked || (kind === 'ADMIN' && urlProblem !== undefined)}
            onClick={() => send.mutate({ kind, text, url, replyId })}
            data-send={kind}
            sx={{ flexDirection: 'column', alignItems: 'flex-start', textAlign: 'left', lineHeight: 1.3 }}
          >
            <span>{translate(label)}</span>{' '}
            <Typography component="span" variant="caption" sx={{ textTransform: 'none', lineHeight: 1.2 }}>
              {translate(hint)}
            </Typography>
          </Button>
        ))}
        {mayPick ? (
          <Button
            variant="text"
            size="small"
            startIcon={<QuickreplyIcon />}
            onClick={() => setPicking(true)}
            aria-expanded={picking}
            title={translate('resources.cannedReplies.picker.openHint')}
            data-testid="canned-open"
          >
            {translate('resources.cannedReplies.picker.open')}
          </Button>
        ) : null}
      </Box>
    </Box>
  );
};
