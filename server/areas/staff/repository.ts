import { sql, type Insertable, type Kysely } from 'kysely';
import { differsFrom } from '../../db/differsFrom';
import { paginate, type PageParams, type TotalHeader } from '../../db/paginate';
import { newAuthKey } from '../../auth/password';
import type { Database, UsersTable } from '../../db/schema';
import { accountCity, selectStaffAccounts, type StaffRow } from './staffRows';

/**
 * The writes and the list of staff accounts: with staffRows.ts (their select) and the checks
 * beside it, the only place the staff area builds SQL.
 */
export type StaffSort = 'id' | 'username' | 'roleId' | 'cityId' | 'restaurantId' | 'telegramId';

export type StaffChanges = Partial<
  Pick<UsersTable, 'username' | 'password_hash' | 'telegram_id' | 'role_id' | 'city_id' | 'restaurant_id'>
>;

/** What a new staff account is made of; the rest of its row (contact, address, ...) starts empty. */
export interface NewStaffAccount {
  username: string;
  passwordHash: string;
  roleId: number;
  cityId: number | null;
  restaurantId: number | null;
  telegramId?: number | null;
}

/** The users row of a new staff account: named after its username, with a fresh auth key. */
export const newStaffRow = (account: NewStaffAccount): Insertable<UsersTable> => ({
  username: account.username,
  name: account.username,
  password_hash: account.passwordHash,
  role_id: account.roleId,
  city_id: account.cityId,
  restaurant_id: account.restaurantId,
  telegram_id: account.telegramId ?? null,
  telegram_username: null,
  auth_key: newAuthKey(),
  photo: null,
  phone: null,
  contact_type: null,
  address: null,
  additional_address: null,
  referral_link_id: null,
  last_active_at: null,
});

export interface StaffFilter {
  /** The roles listed. */
  roles: readonly number[];
  /** The city the accounts work in; null for every city. */
  cityId: number | null;
  roleId: number | null;
  /** These accounts only (an empty list matches none). */
  ids?: readonly number[];
}

export function staffRepository(db: Kysely<Database>) {
  return {
    get: (id: number): Promise<StaffRow> => selectStaffAccounts(db).where('users.id', '=', id).executeTakeFirstOrThrow(),

    /** The accounts of the filter, by username (whatever its case), a page of them. */
    list: (filter: StaffFilter, params: PageParams<StaffSort>, total: TotalHeader): Promise<StaffRow[]> => {
      let query = selectStaffAccounts(db).where('users.role_id', 'in', filter.roles);
      if (filter.cityId !== null) query = query.where(accountCity, '=', filter.cityId);
      if (filter.roleId !== null) query = query.where('users.role_id', '=', filter.roleId);
      if (filter.ids) query = query.where('users.id', 'in', filter.ids.length ? filter.ids : [0]);
      return paginate(query, params, total, {
        columns: {
          id: 'users.id',
          username: sql`lower(users.username)`,
          roleId: 'users.role_id',
          cityId: 'cities.name',
          restaurantId: 'restaurants.name',
          telegramId: 'users.telegram_id',
        },
        defaultOrder: (q) => q.orderBy(sql`lower(users.username)`).orderBy('users.id'),
      });
    },

    create: async (account: NewStaffAccount): Promise<number> =>
      (await db.insertInto('users').values(newStaffRow(account)).returning('id').executeTakeFirstOrThrow()).id,

    /** Writes the changes that differ from what is stored (a save of the stored values writes nothing). */
    update: async (id: number, changes: StaffChanges): Promise<void> => {
      await db.updateTable('users').set(changes).where('id', '=', id).where(differsFrom(changes)).execute();
    },

    /** The trigger of migration 003 ends its sessions; orders it carried keep no courier. */
    remove: async (id: number): Promise<void> => {
      await db.deleteFrom('users').where('id', '=', id).execute();
    },
  };
}
