import type { Kysely } from 'kysely';
import { apiErrorMessage, MailingStatus } from '../../../src/domain';
import type { Database } from '../../db/schema';
import type { OutgoingMessage } from '../../messenger/gateway';
import { resolveButton } from './mailingButton';

/** What every recipient of a mailing gets, less the chat: its text, photo and button, from the city's bot. */
export type MailingMessage = Omit<OutgoingMessage, 'chatId'>;

/**
 * The message of a sending mailing, or null when it does not send any more; a bound button
 * that no longer resolves (its restaurant deleted, the city's chat name cleared) is a problem.
 */
export async function loadMailingMessage(db: Kysely<Database>, id: number): Promise<MailingMessage | { problem: string } | null> {
  const row = await db
    .selectFrom('mailings as m')
    .leftJoin('bots as b', 'b.city_id', 'm.city_id')
    .select(['m.city_id', 'm.text', 'm.photo_id', 'm.config', 'm.status', 'b.id as botId'])
    .where('m.id', '=', id)
    .executeTakeFirst();
  if (!row || row.status !== MailingStatus.PROCESSING) return null;
  const resolved = await resolveButton(db, row.city_id, row.config.bindedButton);
  if ('problem' in resolved) return { problem: apiErrorMessage(resolved.problem, resolved.args) };
  return { botId: row.botId, text: row.text, photoId: row.photo_id, button: resolved.button };
}
