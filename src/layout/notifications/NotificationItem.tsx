import { Box, ListItem, ListItemButton, ListItemText } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { NotificationRecord } from '../../domain';
import { notificationText, relativeTime } from './notificationText';

/** One notification: its sentence, how long ago, unread ones in bold with a dot; a link to its record. */
export const NotificationItem = ({
  notification,
  now,
  onOpen,
}: {
  notification: NotificationRecord;
  /** The moment "how long ago" counts from. */
  now: number;
  onOpen: (notification: NotificationRecord) => void;
}) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const unread = !notification.read;
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={Link}
        to={notification.link}
        onClick={() => onOpen(notification)}
        data-testid="notification-item"
        data-unread={unread}
        sx={{ alignItems: 'flex-start', gap: 1 }}
      >
        <Box
          aria-label={unread ? translate('notifications.unread') : undefined}
          role={unread ? 'img' : undefined}
          sx={{ width: 8, height: 8, mt: 1, flexShrink: 0, borderRadius: '50%', bgcolor: unread ? 'primary.main' : 'transparent' }}
        />
        <ListItemText
          primary={notificationText(translate, notification)}
          secondary={
            <time dateTime={notification.createdAt} title={new Date(notification.createdAt).toLocaleString(locale)}>
              {relativeTime(notification.createdAt, now, locale)}
            </time>
          }
          slotProps={{ primary: { sx: { fontWeight: unread ? 600 : 400, overflowWrap: 'anywhere' } } }}
        />
      </ListItemButton>
    </ListItem>
  );
};
