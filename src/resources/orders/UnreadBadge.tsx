import { Chip } from '@mui/material';
import MarkChatUnreadIcon from '@mui/icons-material/MarkChatUnread';
import { useTranslate } from 'react-admin';

/** An order's unread customer and restaurant messages, for the one who reads the list; nothing when none. */
export const UnreadBadge = ({ count }: { count: number | undefined }) => {
  const translate = useTranslate();
  if (!count) return null;
  return (
    <Chip
      size="small"
      color="error"
      icon={<MarkChatUnreadIcon />}
      label={count}
      aria-label={translate('resources.orders.workspace.unread', { smart_count: count })}
      title={translate('resources.orders.workspace.unread', { smart_count: count })}
      data-testid="unread"
      data-unread={count}
    />
  );
};
