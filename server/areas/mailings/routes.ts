import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  audienceFromQuery,
  lastActiveBoundary,
  NO_AUDIENCE_FILTERS,
  problem,
  renderMessage,
  mailingCreateSchema,
  mailingListQuery,
  mailingRecord,
  mailingTestRecord,
  mailingTestSchema,
  recipientCountQuery,
} from '../../../src/domain';
import { currentUser, requireCan } from '../../auth/authorize';
import { assertInScope, listedCity, type Actor } from '../../auth/scope';
import type { MailingButton } from '../../db/schema';
import { apiError, conflict, forbidden, HttpError, invalidFields, notFound } from '../../errors';
import { idParams } from '../../http/params';
import { countAudience, restaurantsOutsideCity } from './audience';
import { resolveButton } from './mailingButton';
import { toMailing } from './mailingRows';
import { mailingRepository } from './repository';
import { failMailing } from './senderQueries';
import { classifySendError } from './sendOutcome';
import type { MessageButton } from '../../messenger/gateway';
import { newRowCity } from '../cities/cityMove';
import type { RouteDeps } from '../deps';

const P = API_PATHS.mailings;

const cityRequired = () => invalidFields([{ field: 'cityId', message: 'Required', key: 'validation.required' }]);

/**
 * Mass mailings (spec section 7, Mailings): the audience count, the list, a new mailing (sent
 * by server/areas/mailings/mailingSender.ts), a test message and the stop. Admins work in any city,
 * city admins in their own; the role's grant is `spam` in src/domain/access.ts.
 */
export const spamRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, messenger, now }) => {
  const mailings = mailingRepository(db);
  const one = async (id: number) => {
    const row = await mailings.find(id);
    if (!row) throw notFound('MAILING_NOT_FOUND');
    return row;
  };

  /** The messenger button of a bound button, or a 400 naming why this city cannot send it. */
  const messageButton = async (cityId: number, button: MailingButton | null | undefined): Promise<MessageButton | null> => {
    const resolved = await resolveButton(db, cityId, button);
    if ('problem' in resolved) {
      throw apiError(400, resolved.problem, resolved.args, [{ field: 'bindedButton.value', message: 'cannot be sent from this city' }]);
    }
    return resolved.button;
  };

  /**
   * The restaurants filter names restaurants of the mailing's city only (which the user reaches,
   * the city being theirs): any other is refused with a 400 on `field`.
   */
  const checkRestaurants = async (user: Actor, cityId: number, ids: readonly number[], field: string) => {
    const outside = await restaurantsOutsideCity(db, cityId, ids);
    for (const restaurantId of ids) assertInScope(user, { cityId, restaurantId }, forbidden('CITY_NOT_YOURS'));
    if (outside.length > 0) {
      const found = problem('id');
      throw invalidFields([{ field, message: renderMessage(found), key: found.key }]);
    }
  };

  /** The city of a read: the one asked (which the user must reach), else the user's own. */
  const cityOfRead = (user: Actor, asked: number | undefined): number => {
    const city = listedCity(user, asked ?? null);
    if (city === null || city === 'none') throw cityRequired();
    return city;
  };

  app.get(
    P.recipientCount,
    { schema: { querystring: recipientCountQuery, response: { 200: z.number().int() } }, preValidation: requireCan('spam', 'list') },
    async (request) => {
      const user = currentUser(request);
      const cityId = cityOfRead(user, request.query.cityId);
      const { lastActiveDate } = request.query;
      const filters = audienceFromQuery(request.query);
      await checkRestaurants(user, cityId, filters.restaurantIds, 'restaurantIds');
      return countAudience(db, { cityId, since: lastActiveDate ? lastActiveBoundary(lastActiveDate) : null, filters, asOf: now() });
    },
  );

  app.get(
    P.list,
    { schema: { querystring: mailingListQuery, response: { 200: z.array(mailingRecord) } }, preValidation: requireCan('spam', 'list') },
    async (request, reply) => {
      const user = currentUser(request);
      const city = listedCity(user, request.query.cityId ?? null);
      if (city === 'none') return [];
      return (await mailings.list(city, request.query, reply)).map(toMailing);
    },
  );

  app.post(
    P.list,
    { schema: { body: mailingCreateSchema, response: { 201: mailingRecord } }, preValidation: requireCan('spam', 'create') },
    async (request, reply) => {
      const user = currentUser(request);
      const { body } = request;
      const cityId = await newRowCity(db, user, body.cityId ?? undefined);
      const bindedButton = body.bindedButton ?? null;
      await messageButton(cityId, bindedButton);
      const since = body.lastActiveDate ? lastActiveBoundary(body.lastActiveDate) : null;
      const filters = body.audience ?? NO_AUDIENCE_FILTERS;
      await checkRestaurants(user, cityId, filters.restaurantIds, 'audience.restaurantIds');
      // The count the confirmation named, as it is now; the sender fixes the recipients when it starts.
      const count = await countAudience(db, { cityId, since, filters, asOf: now() });
      if (count === 0) {
        throw conflict('MAILING_NO_RECIPIENTS', { city: await mailings.cityName(cityId) });
      }
      const id = await mailings.create({
        city_id: cityId,
        text: body.text,
        photo_id: body.photoId,
        last_active_date: since,
        audience: JSON.stringify(filters),
        count,
        config: JSON.stringify(bindedButton ? { bindedButton } : {}),
        created_by: user.id,
      });
      reply.status(201);
      return toMailing(await one(id));
    },
  );

  app.post(
    P.test,
    { schema: { body: mailingTestSchema, response: { 200: mailingTestRecord } }, preValidation: requireCan('spam', 'create') },
    async (request) => {
      const user = currentUser(request);
      const { body } = request;
      const cityId = await newRowCity(db, user, body.cityId ?? undefined);
      const button = await messageButton(cityId, body.bindedButton);
      const botId = await mailings.cityBotId(cityId);
      // Sent at once, not queued: the admin waits to see the message on their own account, or why it was refused.
      try {
        const sent = await messenger.sendMessage({
          botId: botId ?? null,
          chatId: String(body.recipientId),
          text: body.text,
          photoId: body.photoId,
          button,
        });
        return { messageId: sent.messageId };
      } catch (error) {
        const failure = classifySendError(error);
        request.log.warn({ cityId, err: error }, 'mailing test message refused');
        if (failure.kind === 'blocked' || failure.kind === 'refused')
          throw apiError(400, 'MAILING_TEST_REFUSED', { reason: failure.error });
        const refusal = apiError(failure.kind === 'retry' && failure.afterSeconds ? 429 : 503, 'MESSENGER_UNAVAILABLE', {
          reason: failure.error,
        });
        if (failure.kind === 'retry' && failure.afterSeconds) {
          const headers = { 'retry-after': String(Math.ceil(failure.afterSeconds)) };
          throw new HttpError(refusal.statusCode, refusal.code, refusal.message, undefined, headers, refusal.args);
        }
        throw refusal;
      }
    },
  );

  app.delete(
    P.one,
    { schema: { params: idParams, response: { 200: mailingRecord } }, preValidation: requireCan('spam', 'delete') },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      const row = await one(id);
      assertInScope(user, { cityId: row.city_id }, notFound('MAILING_NOT_FOUND'));
      // Failed with the reason 'stopped': the senders see it at their next claim.
      const stopped = await failMailing(db, id, 'stopped', null, user.id);
      if (!stopped) throw conflict('MAILING_NOT_STOPPABLE');
      return toMailing(await one(id));
    },
  );
};
