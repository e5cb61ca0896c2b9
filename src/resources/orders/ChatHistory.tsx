import { Box, Link, List, ListItem, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { MessageStatus } from '../../domain';
import { chatTime } from '../common/useFormat';
import { chatFailureText } from './chatFailure';
import { useOrderChat } from './orderReads';

/**
 * An order's chat, oldest first: when, who, what, and whether the messenger has it yet; a
 * message that can never be delivered is marked failed, with the reason. A new message (the
 * live stream asks the history again at once) scrolls into view and is read out.
 */
export const ChatHistory = ({ threadId, refreshMs }: { threadId: string; refreshMs: number }) => {
  const translate = useTranslate();
  const messages = useOrderChat(threadId, refreshMs);
  const list = useRef<HTMLUListElement>(null);
  const shown = useRef<number | null>(null);
  const count = messages.data?.length;
  useEffect(() => {
    if (count === undefined) return;
    if (shown.current !== null && count > shown.current && list.current) list.current.scrollTop = list.current.scrollHeight;
    shown.current = count;
  }, [count]);
  if (messages.isPending) return <Typography variant="body2">{translate('resources.orders.detail.loading')}</Typography>;
  if (messages.error) {
    return (
      <Typography variant="body2" color="error" role="alert">
        {translate('resources.orders.chat.loadFailed', { message: messages.error.message })}
      </Typography>
    );
  }
  if (messages.data.length === 0) return <Typography variant="body2">{translate('resources.orders.chat.empty')}</Typography>;
  return (
    <List
      ref={list}
      dense
      disablePadding
      aria-live="polite"
      aria-relevant="additions"
      data-testid={`chat-history-${threadId}`}
      sx={{ maxHeight: 360, overflowY: 'auto' }}
    >
      {messages.data.map((message) => {
        const failed = message.status === MessageStatus.FAILED;
        return (
          <ListItem key={message.id} disableGutters divider sx={{ display: 'block' }} data-message-id={message.id}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline' }}>
              <Typography variant="caption" component="time" dateTime={message.createdAt} data-testid="chat-time">
                {chatTime(message.createdAt)}
              </Typography>
              <Typography variant="subtitle2" component="span">
                {message.from.name}
              </Typography>
              <Typography
                variant="caption"
                component="span"
                color={failed ? 'error' : 'text.secondary'}
                sx={failed ? { fontWeight: 600 } : undefined}
                data-message-state={message.status}
              >
                {translate(`resources.orders.chat.states.${message.status}`, { _: String(message.status) })}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.text}
            </Typography>
            {message.url ? (
              <Link href={message.url} target="_blank" rel="noreferrer" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {message.url}
              </Link>
            ) : null}
            {failed ? (
              <Typography variant="body2" color="error" data-testid="chat-failure" data-failure={message.failure ?? undefined}>
                {translate('resources.orders.chat.notDelivered', { reason: chatFailureText(translate, message.failure) })}
              </Typography>
            ) : null}
          </ListItem>
        );
      })}
    </List>
  );
};
