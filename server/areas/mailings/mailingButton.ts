import type { Kysely } from 'kysely';
import { restaurantDeepLink, type ErrorArgs } from '../../../src/domain';
import type { Database, MailingButton } from '../../db/schema';
import type { MessageButton } from '../../messenger/gateway';

export type ButtonResolution =
  { button: MessageButton | null } | { problem: 'MAILING_BUTTON_RESTAURANT' | 'MAILING_BUTTON_NO_LINK'; args: ErrorArgs };

/**
 * The messenger button of a mailing's bound button: a link button goes as it is; a restaurant
 * button opens the restaurant in the city's bot (its public deep link). The gateway sends
 * inline link buttons only, so a `bottom` button is sent under the message too.
 */
export async function resolveButton(
  db: Kysely<Database>,
  cityId: number,
  bound: MailingButton | null | undefined,
): Promise<ButtonResolution> {
  if (!bound?.enabled) return { button: null };
  if (bound.type === 'url') return { button: { text: bound.text, url: bound.value.trim() } };
  // An id PostgreSQL's integer cannot hold names no restaurant.
  const asked = Number(bound.value);
  const restaurantId = Number.isSafeInteger(asked) && asked <= 2_147_483_647 ? asked : 0;
  const row = await db
    .selectFrom('cities as c')
    .leftJoin('restaurants as r', (join) =>
      join.onRef('r.city_id', '=', 'c.id').on('r.id', '=', restaurantId).on('r.deleted_at', 'is', null),
    )
    .select(['c.name as city', 'c.chatname', 'r.id as restaurantId'])
    .where('c.id', '=', cityId)
    .executeTakeFirst();
  const city = row?.city ?? String(cityId);
  if (!row || row.restaurantId === null) return { problem: 'MAILING_BUTTON_RESTAURANT', args: { id: bound.value, city } };
  const url = restaurantDeepLink(row.chatname, row.restaurantId);
  if (!url) return { problem: 'MAILING_BUTTON_NO_LINK', args: { city } };
  return { button: { text: bound.text, url } };
}
