import { Box, Button, CircularProgress, List, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { NotificationRecord } from '../../domain';
import { useApiMutation, useApiQuery } from '../../resources/common/useApiQuery';
import { NotificationItem } from './NotificationItem';
import {
  fetchNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationListKey,
  NOTIFICATIONS_KEY,
} from './notificationsApi';

/** How many notifications a page of the panel adds. */
const PAGE_SIZE = 10;

/**
 * The bell's panel: the latest notifications (all or the unread only), each opening its record
 * and marked read as it does, "mark all as read", and older ones page by page from the server.
 */
export const NotificationPanel = ({ unreadCount, onOpened }: { unreadCount: number; onOpened: () => void }) => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [perPage, setPerPage] = useState(PAGE_SIZE);
  // "How long ago" counts from when the panel opened (or its list last came).
  const [now, setNow] = useState(() => Date.now());
  const list = useApiQuery({
    queryKey: notificationListKey(unreadOnly, perPage),
    queryFn: async () => {
      const page = await fetchNotifications(unreadOnly, perPage);
      setNow(Date.now());
      return page;
    },
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [NOTIFICATIONS_KEY] });
  const markAll = useApiMutation({ mutationFn: markAllNotificationsRead, onSettled: refresh });
  const markRead = useApiMutation({ mutationFn: markNotificationRead, onSettled: refresh });
  const open = (notification: NotificationRecord) => {
    if (!notification.read) markRead.mutate(notification.id);
    onOpened();
  };
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  // "Mark all as read" is disabled once done: the focus it held would fall out of the panel
  // (to the page, where Escape no longer closes it), so the panel takes it first.
  const panel = useRef<HTMLDivElement>(null);
  return (
    <Box
      ref={panel}
      tabIndex={-1}
      role="dialog"
      aria-label={translate('notifications.title')}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, outline: 'none' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: 2, pt: 1.5, pb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
          {translate('notifications.title')}
        </Typography>
        <Button
          size="small"
          disabled={unreadCount === 0 || rows.length === 0 || markAll.isPending}
          onClick={() => {
            panel.current?.focus();
            if (rows[0]) markAll.mutate(rows[0].id);
          }}
        >
          {translate('notifications.markAllRead')}
        </Button>
      </Box>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={unreadOnly ? 'unread' : 'all'}
        onChange={(_, value: unknown) => {
          if (value === null) return;
          setUnreadOnly(value === 'unread');
          setPerPage(PAGE_SIZE);
        }}
        sx={{ px: 2, pb: 1 }}
      >
        <ToggleButton value="all">{translate('notifications.showAll')}</ToggleButton>
        <ToggleButton value="unread">{translate('notifications.showUnread')}</ToggleButton>
      </ToggleButtonGroup>
      <Box sx={{ overflowY: 'auto', minHeight: 0 }}>
        {list.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
            <CircularProgress size={24} />
          </Box>
        ) : list.isError ? (
          <Typography color="error" sx={{ p: 2 }}>
            {translate('notifications.loadError')}
          </Typography>
        ) : rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {translate(unreadOnly ? 'notifications.emptyUnread' : 'notifications.empty')}
          </Typography>
        ) : (
          <List dense disablePadding data-testid="notification-list">
            {rows.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} now={now} onOpen={open} />
            ))}
          </List>
        )}
        {rows.length < total && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
            <Button size="small" disabled={list.isFetching} onClick={() => setPerPage(perPage + PAGE_SIZE)}>
              {translate('notifications.more')}
            </Button>
          </Box>
        )}
      </Box>
    </Box>
  );
};
