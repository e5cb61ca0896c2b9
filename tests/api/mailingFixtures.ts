import type {
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { newAuthKey } from '../../server/auth/password';
import type { Database, MailingButton } from '../../server/db/schema';
import { MailingStatus, Role } from '../../src/domain';
import { createCity } from './harness';

let telegramIds = 70_000_000;

/** A city with its bot, for mailings. */
export async function createMailingCity(db: Kysely<Database>, chatname = ''): Promise<{ cityId: number; botId: number }> {
  const cityId = await createCity(db);
  if (chatname) await db.updateTable('cities').set({ chatname }).where('id', '=', cityId).execute();
  const bot = await db
    .insertInto('bots')
    .values({ bot_token: `${cityId}${Date.now()}:mailing-token`, city_id: cityId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { cityId, botId: bot.id };
}

export interface AudienceSpec {
  lastActiveAt?: Date | null;
  telegramId?: number | null;
  blocked?: boolean;
}

/** `count` customers of a city, in one statement; answers their ids and chat ids. */
export async function createCustomers(
  db: Kysely<Database>,
  cityId: number,
  count: number,
  spec: AudienceSpec = {},
): Promise<{ id: number; chatId: string }[]> {
  if (count === 0) return [];
  const rows = Array.from({ length: count }, () => {
    const telegramId = spec.telegramId === undefined ? ++telegramIds : spec.telegramId;
    return {
      role_id: Role.USER,
      username: null,
      password_hash: null,
      telegram_id: telegramId,
      telegram_username: null,
      name: `Customer ${telegramId ?? 'without chat'}`,
      photo: null,
      phone: null,
      contact_type: null,
      address: null,
      additional_address: null,
      city_id: cityId,
      restaurant_id: null,
      auth_key: newAuthKey(),
      referral_link_id: null,
      blocked: spec.blocked ?? false,
      last_active_at: spec.lastActiveAt === undefined ? new Date() : spec.lastActiveAt,
    };
  });
  const inserted = await db.insertInto('users').values(rows).returning(['id', 'telegram_id']).execute();
  return inserted.map((row) => ({ id: row.id, chatId: String(row.telegram_id) }));
}

export interface MailingSpec {
  text?: string;
  photoId?: string | null;
  lastActiveDate?: Date | null;
  button?: MailingButton;
  status?: number;
}

/** A mailing waiting to be sent, as POST /spam writes it. */
export async function createMailing(db: Kysely<Database>, cityId: number, spec: MailingSpec = {}): Promise<number> {
  const row = await db
    .insertInto('mailings')
    .values({
      city_id: cityId,
      text: spec.text ?? 'Fresh dumplings tonight, 20% off!',
      photo_id: spec.photoId ?? null,
      last_active_date: spec.lastActiveDate ?? null,
      status: spec.status ?? MailingStatus.CREATED,
      config: JSON.stringify(spec.button ? { bindedButton: spec.button } : {}),
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Waits until the mailing has ended (finished or failed) and answers its row. */
export async function mailingEnded(db: Kysely<Database>, id: number, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await db.selectFrom('mailings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    if (row.status === MailingStatus.FINISHED || row.status === MailingStatus.FAILED) return row;
    if (Date.now() > deadline) throw new Error(`mailing ${id} still at status ${row.status}, position ${row.position}/${row.count}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const recipientStates = async (db: Kysely<Database>, id: number) =>
  db
    .selectFrom('mailing_recipients')
    .select(['user_id', 'chat_id', 'state', 'error'])
    .where('mailing_id', '=', id)
    .orderBy('user_id')
    .execute();

/**
 * A database handle that dies on `kill()`, or just before the `nth` statement whose text
 * matches `before`: every later statement through it fails, as the connection of a process
 * killed with -9 would. The sender given it stands for that process.
 */
export function killableHandle(
  db: Kysely<Database>,
  dieAt?: { before: RegExp; nth: number },
): { db: Kysely<Database>; kill: () => void; dead: () => boolean } {
  let killed = false;
  let seen = 0;
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      const text = args.node.kind === 'RawNode' ? args.node.sqlFragments.join('?') : '';
      if (dieAt && dieAt.before.test(text) && ++seen >= dieAt.nth) killed = true;
      if (killed) throw new Error('the process was killed');
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), kill: () => (killed = true), dead: () => killed };
}

/** The statement that claims a recipient (server/areas/mailings/senderQueries.ts). */
export const CLAIM_STATEMENT = /FOR UPDATE OF r SKIP LOCKED/;

/** The most calls in any window of `windowMs` (sorted call times). */
export const mostInWindow = (times: number[], windowMs: number): number => {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last++) {
    while (sorted[last] - sorted[first] >= windowMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
};

export const silentLog = { warn: () => undefined, error: () => undefined };
