import type { Kysely } from 'kysely';
import { MessageStatus, type MessageFailureReason } from '../../../src/domain';
import type { Database } from '../../db/schema';
import { failureReasonOf, MessengerError, type MessengerGateway } from '../../messenger/gateway';
import { noteBlockedRecipient } from '../../messenger/blockedRecipients';
import type { EventHandler } from '../../jobs/eventHandler';

/** The label of a message's link button: the messenger needs one, the link says where it goes. */
const BUTTON_TEXT = 'Open';

/** A payload that can never be delivered: trying again would not change it. */
const undeliverable = (message: string, reason: MessageFailureReason = 'REFUSED') =>
  new MessengerError(message, { permanent: true, reason });

const messageIdOf = (payload: Record<string, unknown>): number => {
  const id = payload.messageId;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) throw undeliverable(`payload has no messageId: ${JSON.stringify(payload)}`);
  return id;
};

/**
 * `order_message`: sends the order chat message to its recipient through the order's city's
 * bot. The recipient is the `to_id` user; a message for the restaurant without one goes to the
 * restaurant's notification account.
 */
export function orderMessageEvent({ db, messenger }: { db: Kysely<Database>; messenger: MessengerGateway }): EventHandler {
  return {
    async deliver(payload) {
      const messageId = messageIdOf(payload);
      const row = await db
        .selectFrom('order_messages as m')
        .innerJoin('orders as o', 'o.id', 'm.order_id')
        .leftJoin('users as recipient', 'recipient.id', 'm.to_id')
        .leftJoin('restaurants as r', 'r.id', 'o.restaurant_id')
        .leftJoin('users as notified', 'notified.id', 'r.notification_user_id')
        .leftJoin('bots as b', 'b.city_id', 'o.city_id')
        .select([
          'm.text',
          'm.url',
          'm.status',
          'm.to_id',
          'm.restaurant_sent',
          'recipient.telegram_id as recipientChat',
          'r.notification_user_id',
          'notified.telegram_id as restaurantChat',
          'b.id as botId',
        ])
        .where('m.id', '=', messageId)
        .executeTakeFirst();
      if (!row) throw undeliverable(`order message ${messageId} does not exist`);
      // A second event for a message already delivered (an event enqueued twice) sends nothing.
      if (row.status === MessageStatus.SENT) return;
      if (row.status === MessageStatus.FAILED) throw undeliverable(`order message ${messageId} has failed for good`);

      let chat: number | null;
      if (row.to_id !== null) {
        chat = row.recipientChat;
        if (chat === null) throw undeliverable(`recipient user ${row.to_id} has no telegram id`, 'NO_MESSENGER_ACCOUNT');
      } else if (!row.restaurant_sent) {
        if (row.notification_user_id === null) throw undeliverable('the restaurant has no notification account', 'NO_NOTIFICATION_ACCOUNT');
        chat = row.restaurantChat;
        if (chat === null) {
          throw undeliverable(
            `the restaurant's notification user ${row.notification_user_id} has no telegram id`,
            'NO_NOTIFICATION_ACCOUNT',
          );
        }
      } else {
        throw undeliverable('the message has no recipient (no to_id, and it was sent by the restaurant)');
      }

      const message = {
        botId: row.botId,
        chatId: String(chat),
        text: row.text,
        button: row.url ? { text: BUTTON_TEXT, url: row.url } : null,
      };
      await noteBlockedRecipient(db, message.chatId, () => messenger.sendMessage(message));
    },

    async delivered(trx, payload) {
      await trx.updateTable('order_messages').set({ status: MessageStatus.SENT }).where('id', '=', messageIdOf(payload)).execute();
    },

    async failed(trx, payload, failure) {
      const id = payload.messageId;
      // A malformed payload names no message to mark.
      if (typeof id !== 'number') return;
      // A retry to come leaves it delayed; the last attempt fails it, with the reason the chat shows.
      const change = failure.final
        ? { status: MessageStatus.FAILED, failure: failureReasonOf(failure.cause) }
        : { status: MessageStatus.DELAYED };
      await trx
        .updateTable('order_messages')
        .set(change)
        .where('id', '=', id)
        .where('status', 'not in', [MessageStatus.SENT, MessageStatus.FAILED])
        .execute();
    },
  };
}
