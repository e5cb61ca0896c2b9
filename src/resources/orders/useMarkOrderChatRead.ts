import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { API_PATHS, fillPath } from '../../domain';
import { useLiveEvent } from '../../providers/liveEventsHooks';
import { sendJson } from '../../providers/rest';
import { orderKeys } from './orderKeys';

/**
 * An open chat is read: on opening, and again with each message that arrives while it is open
 * (the user sees it come), the API notes it for this user; the menu's total and the list's
 * counts are then asked again.
 */
export function useMarkOrderChatRead(threadId: string): void {
  const queryClient = useQueryClient();
  const markRead = async () => {
    try {
      await sendJson('POST', fillPath(API_PATHS.orders.chatRead, { threadId }));
    } catch {
      // Not marked this time: the count stays until the chat is opened again, nothing else is lost.
      return;
    }
    void queryClient.invalidateQueries({ queryKey: orderKeys.unread() });
    void queryClient.invalidateQueries({ queryKey: ['orders', 'getList'] });
  };
  useLiveEvent(['message.created'], (event) => {
    if (event.threadId === threadId) void markRead();
  });
  // Once per chat opened; later messages come through the live event above.
  const onOpen = useEffectEvent(() => void markRead());
  useEffect(() => onOpen(), [threadId]);
}
