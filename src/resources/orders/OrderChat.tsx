import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CHAT_REFRESH_MS, type Order } from '../../domain';
import { useSession } from '../common/useSession';
import { ChatComposer } from './ChatComposer';
import { ChatHistory } from './ChatHistory';
import { useMarkOrderChatRead } from './useMarkOrderChatRead';

/**
 * An order's chat with its message box, loaded with its first opening (it brings the form
 * rules and the GraphQL client). While it is shown the history refreshes every minute. With the
 * order given, the message box offers the canned replies filled with its facts.
 */
export const OrderChat = ({ threadId, order }: { threadId: string; order?: Order }) => {
  const translate = useTranslate();
  const { can } = useSession();
  useMarkOrderChatRead(threadId);
  return (
    <Box component="section" aria-label={translate('resources.orders.chat.title')} data-chat={threadId}>
      <ChatHistory threadId={threadId} refreshMs={CHAT_REFRESH_MS} />
      {can('orderChat', 'create') ? <ChatComposer threadId={threadId} order={order} /> : null}
    </Box>
  );
};
