import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError, notFound, unauthorized } from '../errors';
import { readGlobalSettings } from '../settings';
import { bodyObject, idParam, type RouteDeps } from './common';

/** The header the messenger repeats the webhook secret in. */
export const WEBHOOK_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** Compares digests so that neither the length nor the first differing character leaks. */
const sameSecret = (given: string, expected: string): boolean =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** The messenger account an update comes from: the sender of a message or of a button press. */
const senderOf = (update: Record<string, unknown>): number | null => {
  for (const kind of ['message', 'callback_query']) {
    const id = record(record(update[kind])?.from)?.id;
    if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return id;
  }
  return null;
};

/**
 * Where the messenger posts a bot's updates (at the site root, not under /api, and without a
 * bearer token: the shared webhook secret proves the caller is the messenger).
 */
export const webhookRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, now }) => {
  app.post('/webhook/:botId', async (request) => {
    const { webhookSecret } = await readGlobalSettings(db);
    if (!webhookSecret) {
      throw new HttpError(503, 'WEBHOOK_NOT_CONFIGURED', 'The webhook secret is not set: an admin must fill it in the global settings');
    }
    const given = request.headers[WEBHOOK_SECRET_HEADER];
    if (typeof given !== 'string' || !sameSecret(given, webhookSecret)) throw unauthorized('The webhook secret is missing or wrong');

    const botId = idParam(request, 'botId');
    const bot = await db.selectFrom('bots').select('id').where('id', '=', botId).executeTakeFirst();
    if (!bot) throw notFound('Bot not found');

    const senderId = senderOf(bodyObject(request));
    if (senderId !== null) {
      // Customers' last activity feeds the mailing audience ("active since").
      await db.updateTable('users').set({ last_active_at: now() }).where('telegram_id', '=', senderId).execute();
    }
    return { ok: true };
  });
};
