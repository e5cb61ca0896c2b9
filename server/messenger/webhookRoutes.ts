import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, notFound, unauthorized } from '../errors';
import { readGlobalSettings } from '../settings';
import { botIdParams } from '../http/params';
import { withZodSchemas } from '../http/zod';
import { botRepository } from '../areas/bots/repository';
import type { RouteDeps } from '../areas/deps';
import { markActive } from '../areas/mailings/audience';

/** The header the messenger repeats the webhook secret in. */
export const WEBHOOK_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** Compares digests so that neither the length nor the first differing character leaks. */
const sameSecret = (given: string, expected: string): boolean =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

/** The messenger account an update comes from: the sender of a message or of a button press. */
const sender = z.object({ from: z.object({ id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }) });
const update = z.object({ message: sender.optional().catch(undefined), callback_query: sender.optional().catch(undefined) });
const senderOf = (body: unknown): number | null => {
  const parsed = update.safeParse(body);
  return parsed.success ? (parsed.data.message?.from.id ?? parsed.data.callback_query?.from.id ?? null) : null;
};

/**
 * Where the messenger posts a bot's updates (at the site root, not under /api, and without a
 * bearer token: the shared webhook secret proves the caller is the messenger).
 */
export const webhookRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  withZodSchemas(app);
  app.post('/webhook/:botId', { schema: { params: botIdParams, body: z.record(z.string(), z.unknown()) } }, async (request) => {
    const { webhookSecret } = await readGlobalSettings(db);
    if (!webhookSecret) {
      throw new HttpError(503, 'WEBHOOK_NOT_CONFIGURED', 'The webhook secret is not set: an admin must fill it in the global settings');
    }
    const given = request.headers[WEBHOOK_SECRET_HEADER];
    if (typeof given !== 'string' || !sameSecret(given, webhookSecret)) throw unauthorized('The webhook secret is missing or wrong');

    const { botId } = request.params;
    if (!(await botRepository(db).exists(botId))) throw notFound('BOT_NOT_FOUND');

    const senderId = senderOf(request.body);
    if (senderId !== null) {
      // Customers' last activity feeds the mailing audience ("active since").
      await markActive(db, senderId, now());
    }
    return { ok: true };
  });
};
