import { sql, type Kysely, type Selectable } from 'kysely';
import { NOTIFICATION_RETENTION_MS } from '../../../src/domain';
import { hearsNotification, type Actor } from '../../auth/scope';
import { paginate, type TotalHeader } from '../../db/paginate';
import type { Database, NotificationsTable } from '../../db/schema';

/** The queries of the notification centre: the only place its SQL lives (the triggers of migration 024 write the rows). */
export type NotificationRow = Selectable<NotificationsTable> & { read: boolean };

/** The oldest a listed notification may be: older ones are gone, or about to be (./notificationPurge.ts). */
const keptSince = (now: Date) => new Date(now.getTime() - NOTIFICATION_RETENTION_MS);

export function notificationRepository(db: Kysely<Database>, now: () => Date) {
  /** The notifications the user hears (their role in the audience, in their scope), still kept. */
  const heard = (user: Actor) =>
    db
      .selectFrom('notifications as n')
      .where((eb) =>
        hearsNotification(eb, user, { audience: eb.ref('n.audience'), city: eb.ref('n.city_id'), restaurant: eb.ref('n.restaurant_id') }),
      )
      .where('n.created_at', '>=', keptSince(now()));

  /** The user's unread ones among them. */
  const unread = (user: Actor) =>
    heard(user).where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notification_reads as r')
            .select('r.notification_id')
            .whereRef('r.notification_id', '=', 'n.id')
            .where('r.user_id', '=', user.id),
        ),
      ),
    );

  /** Whether the user has read the row `n`. */
  const readBy = (user: Actor) =>
    sql<boolean>`EXISTS (SELECT 1 FROM notification_reads r WHERE r.notification_id = n.id AND r.user_id = ${user.id})`.as('read');

  return {
    /** Newest first, one page (the first unless asked), the total in X-Total-Count. */
    list: (user: Actor, query: { page?: number; perPage?: number; unread: boolean }, reply: TotalHeader): Promise<NotificationRow[]> =>
      paginate(
        (query.unread ? unread(user) : heard(user)).selectAll('n').select(readBy(user)),
        { page: query.page ?? 1, perPage: query.perPage },
        reply,
        {
          columns: { createdAt: 'n.created_at' },
          defaultOrder: (q) => q.orderBy('n.created_at', 'desc').orderBy('n.id', 'desc'),
        },
      ),

    unreadCount: async (user: Actor): Promise<number> => {
      const row = await unread(user)
        .select(sql<string>`count(*)`.as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The notification if the user hears it. */
    find: (user: Actor, id: number): Promise<NotificationRow | undefined> =>
      heard(user).selectAll('n').select(readBy(user)).where('n.id', '=', id).executeTakeFirst(),

    markRead: async (user: Actor, id: number): Promise<void> => {
      await db
        .insertInto('notification_reads')
        .values({ user_id: user.id, notification_id: id, read_at: now() })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    /** Marks every unread notification the user hears, up to the id `upTo`, as read; answers how many. */
    markAllRead: async (user: Actor, upTo: number): Promise<number> => {
      const result = await db
        .insertInto('notification_reads')
        .columns(['user_id', 'notification_id', 'read_at'])
        .expression(
          unread(user)
            .where('n.id', '<=', upTo)
            .select((eb) => [eb.val(user.id).as('user_id'), 'n.id', eb.val(now()).as('read_at')]),
        )
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n);
    },
  };
}

/** Deletes the notifications written before `before` (their reads go with them); answers how many. */
export async function purgeNotifications(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db.deleteFrom('notifications').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
