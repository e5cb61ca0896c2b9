import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  NOTIFICATION_KINDS,
  notificationArgs,
  notificationCountRecord,
  notificationLink,
  notificationListQuery,
  notificationsReadBody,
  notificationRecord,
  type NotificationKind,
  type NotificationRecord,
} from '../../../src/domain';
import { currentUser } from '../../auth/authorize';
import type { Actor } from '../../auth/scope';
import { notFound } from '../../errors';
import { idParams } from '../../http/params';
import type { RouteDeps } from '../deps';
import { notificationRepository, type NotificationRow } from './repository';

const P = API_PATHS.notifications;

const isKind = (kind: string): kind is NotificationKind => NOTIFICATION_KINDS.some((known) => known === kind);

/** The JSON of a notification for its reader: the one mapping from its row (a kind this build does not know is left out). */
const toNotification = (user: Actor, row: NotificationRow): NotificationRecord | null => {
  if (!isKind(row.kind)) return null;
  const parsed = notificationArgs.safeParse(row.args);
  const place = { kind: row.kind, cityId: row.city_id, restaurantId: row.restaurant_id, args: parsed.success ? parsed.data : {} };
  return {
    id: row.id,
    ...place,
    link: notificationLink(place, user.roleId),
    createdAt: row.created_at.toISOString(),
    read: row.read,
  };
};

/**
 * The notification centre: every back-office user reads their own notifications, those whose
 * audience holds their role within their scope (server/auth/scope.ts), and marks them read.
 * No grant is needed beyond being logged in: what each one hears is the rule.
 */
export const notificationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  const notifications = notificationRepository(db, now);

  app.get(
    P.list,
    {
      schema: {
        description: 'The user’s notifications of the last 30 days in their scope, newest first; `unread=true` for the unread only.',
        querystring: notificationListQuery,
        response: { 200: z.array(notificationRecord) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const rows = await notifications.list(user, request.query, reply);
      return rows.flatMap((row) => toNotification(user, row) ?? []);
    },
  );

  app.get(
    P.unreadCount,
    { schema: { description: 'How many of the user’s notifications are unread.', response: { 200: notificationCountRecord } } },
    async (request) => ({ count: await notifications.unreadCount(currentUser(request)) }),
  );

  app.post(
    P.readAll,
    {
      schema: {
        description:
          'Marks read all the user’s notifications up to the newest one their screen showed (`upTo`, its id); answers how many were unread.',
        body: notificationsReadBody,
        response: { 200: notificationCountRecord },
      },
    },
    async (request) => ({ count: await notifications.markAllRead(currentUser(request), request.body.upTo) }),
  );

  app.post(
    P.read,
    { schema: { description: 'Marks one notification read for the user.', params: idParams, response: { 200: notificationRecord } } },
    async (request) => {
      const user = currentUser(request);
      const refusal = notFound('NOTIFICATION_NOT_FOUND');
      const row = await notifications.find(user, request.params.id);
      if (!row) throw refusal;
      await notifications.markRead(user, row.id);
      const record = toNotification(user, { ...row, read: true });
      if (!record) throw refusal;
      return record;
    },
  );
};
