import { API_PATHS, fillPath, type NotificationRecord } from '../../domain';
import { apiFetch } from '../../providers/httpClient';
import { api, getJson, sendJson } from '../../providers/rest';

const P = API_PATHS.notifications;

/** Every query of the bell starts with this key: a live notification makes them all stale. */
export const NOTIFICATIONS_KEY = 'notifications';

export const unreadCountKey = [NOTIFICATIONS_KEY, 'unreadCount'] as const;
export const notificationListKey = (unread: boolean, perPage: number) => [NOTIFICATIONS_KEY, 'list', { unread, perPage }] as const;

export const fetchUnreadCount = async (): Promise<number> => (await getJson<{ count: number }>(P.unreadCount)).count;

/** The newest `perPage` notifications, and how many there are in all. */
export const fetchNotifications = async (unread: boolean, perPage: number): Promise<{ rows: NotificationRecord[]; total: number }> => {
  const query = new URLSearchParams({ page: '1', perPage: String(perPage), ...(unread ? { unread: 'true' } : {}) });
  const response = await apiFetch<NotificationRecord[]>(api(`${P.list}?${query.toString()}`));
  return { rows: response.json, total: Number(response.headers.get('x-total-count') ?? response.json.length) };
};

export const markNotificationRead = (id: number): Promise<NotificationRecord> => sendJson('POST', fillPath(P.read, { id }));

/** Marks read every notification up to `upTo`, the newest the screen has shown. */
export const markAllNotificationsRead = (upTo: number): Promise<{ count: number }> => sendJson('POST', P.readAll, { upTo });
