import { sql, type Kysely } from 'kysely';
import { COUNTED_ORDER_STATUS, TOP_USERS_DEFAULT_PER_PAGE, type TopUser } from '../../../src/domain';
import type { Database } from '../../db/schema';

export interface TopUsersRange {
  cityId: number;
  from: Date;
  /** Exclusive. */
  to: Date;
}

/**
 * The customers of a city by how many orders at CONFIRMED or above they placed in the range,
 * most first (then by id, so that pages never overlap), one page of them and how many there
 * are in all: one statement on orders_counted_city_idx (migration 011). The total comes on a
 * row of its own, so a page past the end still says it.
 */
export async function topUsers(
  db: Kysely<Database>,
  range: TopUsersRange,
  paging: { page?: number; perPage?: number },
): Promise<{ rows: TopUser[]; total: number }> {
  const perPage = paging.perPage ?? TOP_USERS_DEFAULT_PER_PAGE;
  const offset = ((paging.page ?? 1) - 1) * perPage;
  const { rows } = await sql<{
    total: number;
    id: number | null;
    name: string | null;
    username: string | null;
    photo: string | null;
    orders: number | null;
  }>`
    WITH counted AS (
      SELECT user_id, count(*)::int AS orders FROM orders
      WHERE city_id = ${range.cityId} AND status >= ${COUNTED_ORDER_STATUS} AND created_at >= ${range.from} AND created_at < ${range.to}
      GROUP BY user_id
    ), ranked AS (
      SELECT user_id, orders FROM counted ORDER BY orders DESC, user_id LIMIT ${perPage} OFFSET ${offset}
    )
    SELECT (SELECT count(*)::int FROM counted) AS total, u.id, u.name, u.telegram_username AS username, u.photo, ranked.orders
    FROM (SELECT 1) AS one
    LEFT JOIN (ranked JOIN users AS u ON u.id = ranked.user_id) ON true
    ORDER BY ranked.orders DESC, ranked.user_id`.execute(db);
  return {
    total: rows[0]?.total ?? 0,
    rows: rows.flatMap((row) =>
      row.id === null
        ? []
        : [{ id: row.id, name: row.name ?? '', username: row.username, photo: row.photo, ordersAmount: row.orders ?? 0 }],
    ),
  };
}
