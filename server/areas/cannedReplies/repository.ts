import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import { inUserScope, type Actor } from '../../auth/scope';
import { paginate, type PageParams, type TotalHeader } from '../../db/paginate';
import type { CannedRepliesTable, Database } from '../../db/schema';

/** The queries of canned replies: the only place the canned replies area builds SQL. */
export type CannedReplyRow = Selectable<CannedRepliesTable> & { city_name: string };

const SORT_COLUMNS = {
  id: 'canned_replies.id',
  title: 'canned_replies.title',
  uses: 'canned_replies.uses',
  cityId: 'canned_replies.city_id',
  createdAt: 'canned_replies.created_at',
} as const;

export type CannedReplySort = keyof typeof SORT_COLUMNS;

/** The order a chat offers replies for: its place, and the customer's language. */
export interface ReplyOrder {
  city_id: number;
  restaurant_id: number;
  language: string;
}

export function cannedReplyRepository(db: Kysely<Database>) {
  const selectReplies = () =>
    db
      .selectFrom('canned_replies')
      .innerJoin('cities', 'cities.id', 'canned_replies.city_id')
      .selectAll('canned_replies')
      .select('cities.name as city_name');

  return {
    find: (id: number): Promise<CannedReplyRow | undefined> => selectReplies().where('canned_replies.id', '=', id).executeTakeFirst(),

    /**
     * The replies the user may see (admins all, city staff their city's, owners their
     * restaurant's), of one city or all, of these ids when asked, paged and sorted when asked.
     */
    list: (
      user: Actor,
      filter: { cityId: number | null; ids?: readonly number[] },
      params: PageParams<CannedReplySort>,
      total: TotalHeader,
    ): Promise<CannedReplyRow[]> => {
      let query = selectReplies().where((eb) =>
        inUserScope(eb, user, { city: eb.ref('canned_replies.city_id'), restaurant: eb.ref('canned_replies.restaurant_id') }),
      );
      if (filter.cityId !== null) query = query.where('canned_replies.city_id', '=', filter.cityId);
      if (filter.ids) query = query.where('canned_replies.id', 'in', filter.ids.length ? filter.ids : [0]);
      return paginate(query, params, total, {
        columns: SORT_COLUMNS,
        defaultOrder: (q) => q.orderBy('canned_replies.title').orderBy('canned_replies.id'),
      });
    },

    /** The order of a chat, with the customer's language; undefined when there is none. */
    order: (threadId: string): Promise<ReplyOrder | undefined> =>
      db
        .selectFrom('orders')
        .innerJoin('users', 'users.id', 'orders.user_id')
        .select(['orders.city_id', 'orders.restaurant_id', 'users.language'])
        .where('orders.thread_id', '=', threadId)
        .executeTakeFirst(),

    /**
     * The replies an order's chat offers the user: the city's own and the order's restaurant's,
     * within the user's scope (an owner gets only their restaurant's), most used first.
     */
    forOrder: (user: Actor, order: ReplyOrder): Promise<CannedReplyRow[]> =>
      selectReplies()
        .where('canned_replies.city_id', '=', order.city_id)
        .where((eb) =>
          eb.or([eb('canned_replies.restaurant_id', 'is', null), eb('canned_replies.restaurant_id', '=', order.restaurant_id)]),
        )
        .where((eb) =>
          inUserScope(eb, user, { city: eb.ref('canned_replies.city_id'), restaurant: eb.ref('canned_replies.restaurant_id') }),
        )
        .orderBy('canned_replies.uses', 'desc')
        .orderBy('canned_replies.title')
        .orderBy('canned_replies.id')
        .execute(),

    /** The city of a restaurant (an owner's new reply goes to it). */
    restaurantCity: async (restaurantId: number): Promise<number | undefined> =>
      (await db.selectFrom('restaurants').select('city_id').where('id', '=', restaurantId).executeTakeFirst())?.city_id,

    create: async (reply: Insertable<CannedRepliesTable>): Promise<number> =>
      (await db.insertInto('canned_replies').values(reply).returning('id').executeTakeFirstOrThrow()).id,

    update: async (id: number, changes: Updateable<CannedRepliesTable>): Promise<void> => {
      await db.updateTable('canned_replies').set(changes).where('id', '=', id).execute();
    },

    /** One more message sent from the reply; answers the new count. */
    countUse: async (id: number): Promise<number> =>
      (
        await db
          .updateTable('canned_replies')
          .set({ uses: sql<number>`uses + 1` })
          .where('id', '=', id)
          .returning('uses')
          .executeTakeFirstOrThrow()
      ).uses,

    remove: async (id: number): Promise<void> => {
      await db.deleteFrom('canned_replies').where('id', '=', id).execute();
    },
  };
}
