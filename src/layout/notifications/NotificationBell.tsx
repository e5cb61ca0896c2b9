import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, IconButton, Popover, Tooltip } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { useTranslate } from 'react-admin';
import { useApiQuery } from '../../resources/common/useApiQuery';
import { fetchUnreadCount, unreadCountKey } from './notificationsApi';
import { NotificationPanel } from './NotificationPanel';

/** How often the count is asked again when no live event says so (the stream may be down). */
const COUNT_REFRESH_MS = 60_000;

/**
 * The app bar's bell: the user's unread notifications as a badge, live (a `notification.created`
 * event makes the count stale: src/layout/useLiveRefresh.ts), and the latest ones in a popover.
 */
export const NotificationBell = () => {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data: count = 0 } = useApiQuery({ queryKey: unreadCountKey, queryFn: fetchUnreadCount, refetchInterval: COUNT_REFRESH_MS });
  const label = count > 0 ? translate('notifications.bellUnread', { smart_count: count }) : translate('notifications.bell');
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          data-testid="notification-bell"
          onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={count} max={99} color="error" data-testid="notification-badge">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        // On a phone the panel takes the screen's width less a margin, never more.
        slotProps={{
          paper: { sx: { width: 380, maxWidth: 'calc(100vw - 16px)', maxHeight: '75vh', display: 'flex', flexDirection: 'column' } },
        }}
      >
        {anchor !== null && <NotificationPanel unreadCount={count} onOpened={() => setAnchor(null)} />}
      </Popover>
    </>
  );
};
