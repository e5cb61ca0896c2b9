import type { Insertable, Kysely, Transaction } from 'kysely';
import { AdStatus } from '../../../src/domain';
import { inUserScope, type Actor } from '../../auth/scope';
import { paginate, type PageParams, type TotalHeader } from '../../db/paginate';
import type { AdvertisementsTable, Database } from '../../db/schema';
import { selectAds, type AdRow } from './adRows';

/**
 * The queries of the ads' calls: with adRows.ts (their select), adEdit.ts, adSchedule.ts,
 * adTimeout.ts, adConfig.ts and adRestaurant.ts, the only place the ads area builds SQL. The
 * writes take the transaction the call runs in.
 */
type Db = Kysely<Database> | Transaction<Database>;

/** The list's optional sort (react-admin's), by these fields only. */
export const AD_SORT_COLUMNS = {
  publishTimestamp: 'a.publish_timestamp',
  unpublishTimestamp: 'a.unpublish_timestamp',
  createdAt: 'a.created_at',
  status: 'a.status',
  id: 'a.id',
} as const;
export type AdSort = keyof typeof AD_SORT_COLUMNS;

export interface AdFilter {
  status?: number;
  restaurantId?: number;
  cityId?: number;
}

export const findAd = (db: Db, id: number): Promise<AdRow | undefined> => selectAds(db).where('a.id', '=', id).executeTakeFirst();

/** The ads the user may see, of the filter, latest publication first, a page of them. */
export const listAds = (db: Db, user: Actor, filter: AdFilter, params: PageParams<AdSort>, total: TotalHeader): Promise<AdRow[]> =>
  paginate(
    selectAds(db).where((eb) => {
      const conditions = [inUserScope(eb, user, { city: eb.ref('r.city_id'), restaurant: eb.ref('a.restaurant_id') })];
      if (filter.status !== undefined) conditions.push(eb('a.status', '=', filter.status));
      if (filter.restaurantId !== undefined) conditions.push(eb('a.restaurant_id', '=', filter.restaurantId));
      if (filter.cityId !== undefined) conditions.push(eb('r.city_id', '=', filter.cityId));
      return eb.and(conditions);
    }),
    params,
    total,
    { columns: AD_SORT_COLUMNS, defaultOrder: (q) => q.orderBy('a.publish_timestamp', 'desc').orderBy('a.id', 'desc') },
  );

/** Where a restaurant (not deleted) lives, if it exists. */
export const restaurantPlace = async (db: Db, restaurantId: number): Promise<{ cityId: number; restaurantId: number } | null> => {
  const restaurant = await db
    .selectFrom('restaurants')
    .select(['id', 'city_id'])
    .where('id', '=', restaurantId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return restaurant ? { cityId: restaurant.city_id, restaurantId: restaurant.id } : null;
};

export const cityExists = async (db: Db, cityId: number): Promise<boolean> =>
  !!(await db.selectFrom('cities').select('id').where('id', '=', cityId).executeTakeFirst());

/** The ad with this id, locked for the rest of the transaction (edits and deletion wait for each other). */
export async function lockAd(trx: Transaction<Database>, id: number): Promise<AdRow | undefined> {
  await trx.selectFrom('advertisements').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  return findAd(trx, id);
}

/** The restaurant's row as the lock of its ads' creation: two at once wait for each other, and the second sees the first. */
export async function lockRestaurant(trx: Transaction<Database>, restaurantId: number): Promise<void> {
  await trx.selectFrom('restaurants').select('id').where('id', '=', restaurantId).forUpdate().executeTakeFirst();
}

export const insertAd = async (trx: Transaction<Database>, ad: Insertable<AdvertisementsTable>): Promise<number> =>
  (await trx.insertInto('advertisements').values(ad).returning('id').executeTakeFirstOrThrow()).id;

/** Marks the ad deleted; a published one goes back to published, for its removal from the chat. */
export async function markAdDeleted(trx: Transaction<Database>, id: number, at: Date, published: boolean): Promise<void> {
  await trx
    .updateTable('advertisements')
    .set({ deleted_at: at, ...(published ? { status: AdStatus.PUBLISHED } : {}) })
    .where('id', '=', id)
    .execute();
}
