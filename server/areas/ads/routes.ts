import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import {
  adChatRecord,
  adCreateSchema,
  adFilterQuery,
  adRecord,
  AdStatus,
  adTimeoutRecord,
  adUpdateSchema,
  API_PATHS,
  inScope,
  scopeOf,
  type Ad,
} from '../../../src/domain';
import { adCityConfig } from './adConfig';
import { applyAdChanges, changesOf } from './adEdit';
import { adRestaurantFor, fieldProblem, inFutureError, postsForOwnRestaurant } from './adRestaurant';
import { toAd, type AdRow } from './adRows';
import { cancelAdEvents, scheduleAdEvent } from './adSchedule';
import { adTimeoutError, adTimeoutSeconds } from './adTimeout';
import { currentUser, requireCan } from '../../auth/authorize';
import { assertCityVisible, assertInScope, type Actor } from '../../auth/scope';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { idParams, optionalQueryId } from '../../http/params';
import { enqueueEvent } from '../../jobs/events';
import type { RouteDeps } from '../deps';
import {
  AD_SORT_COLUMNS,
  cityExists,
  findAd,
  insertAd,
  listAds,
  lockAd,
  lockRestaurant,
  markAdDeleted,
  restaurantPlace,
  type AdSort,
} from './repository';

const P = API_PATHS.ads;

const listQuery = adFilterQuery.extend({
  sort: z.enum(Object.keys(AD_SORT_COLUMNS) as [AdSort, ...AdSort[]]).optional(),
  order: z.enum(['ASC', 'DESC', 'asc', 'desc']).optional(),
});
const chatQuery = z.object({ cityId: optionalQueryId('city id'), restaurantId: optionalQueryId('restaurant id') });

/** The ad if the user may see it; an ad outside their scope is answered as unknown. */
function visible(user: Actor, row: AdRow | undefined): AdRow {
  if (!row || !inScope(scopeOf(user), { cityId: row.city_id, restaurantId: row.restaurant_id })) throw notFound('AD_NOT_FOUND');
  return row;
}

/** The ad with this id, locked for the rest of the transaction, if the user may see it. */
const lockVisibleAd = async (trx: Transaction<Database>, user: Actor, id: number): Promise<AdRow> => visible(user, await lockAd(trx, id));

const readAd = async (db: Kysely<Database>, id: number): Promise<Ad> => {
  const row = await findAd(db, id);
  if (!row) throw notFound('AD_NOT_FOUND');
  return toAd(row);
};

/**
 * Advertisements (spec section 7): the list and one ad in the user's scope, creating (owners
 * for their restaurant, at most one per adChatGap), editing while the state allows, deleting
 * (not owners), the owner's wait and the chat ads go to. Publishing and removal are events
 * for the worker (server/areas/ads/adEvents.ts), written in the same transaction as the ad.
 */
export const adRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now, onEvent }) => {
  app.get(
    P.list,
    {
      schema: { querystring: listQuery, response: { 200: z.array(adRecord) } },
      preValidation: requireCan('ads', 'list'),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { status, restaurantId, cityId } = request.query;
      if (cityId !== undefined) assertCityVisible(user, cityId);
      const rows = await listAds(db, user, { status, restaurantId, cityId }, request.query, reply);
      return rows.map(toAd);
    },
  );

  app.get(P.timeout, { schema: { response: { 200: adTimeoutRecord } }, preValidation: requireCan('ads', 'list') }, async (request) => {
    const user = currentUser(request);
    if (!postsForOwnRestaurant(user)) return { timeout: 0 };
    const restaurant = await adRestaurantFor(db, user, undefined);
    if (!restaurant) return { timeout: 0 };
    const { gapMinutes } = await adCityConfig(db, restaurant.cityId);
    return { timeout: await adTimeoutSeconds(db, restaurant.id, gapMinutes, now()) };
  });

  app.get(
    P.chat,
    { schema: { querystring: chatQuery, response: { 200: adChatRecord } }, preValidation: requireCan('ads', 'list') },
    async (request) => {
      const user = currentUser(request);
      const { cityId, restaurantId } = request.query;
      const asked = postsForOwnRestaurant(user) ? (user.restaurantId ?? null) : restaurantId;
      let city: number | null;
      if (asked !== null) {
        const place = await restaurantPlace(db, asked);
        assertInScope(user, place, notFound('RESTAURANT_NOT_FOUND'));
        city = place.cityId;
      } else {
        city = cityId ?? user.cityId ?? null;
        assertCityVisible(user, city);
        if (city !== null && !(await cityExists(db, city))) {
          throw notFound('CITY_NOT_FOUND');
        }
      }
      // An admin who names no city or restaurant has no chat yet.
      if (city === null) return { chatId: null };
      return { chatId: (await adCityConfig(db, city)).chatId };
    },
  );

  app.get(
    P.one,
    { schema: { params: idParams, response: { 200: adRecord } }, preValidation: requireCan('ads', 'show') },
    async (request) => {
      const user = currentUser(request);
      return toAd(visible(user, await findAd(db, request.params.id)));
    },
  );

  app.post(
    P.create,
    {
      schema: {
        description:
          'Owners post for their own restaurant (restaurantId ignored), at most once per adChatGap minutes (429 AD_TIMEOUT); ' +
          'admins and city admins name the restaurant. The chat is always the city’s adChatId (409 AD_NO_CHAT without one).',
        body: adCreateSchema,
        response: { 201: adRecord },
      },
      preValidation: requireCan('ads', 'create'),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { body } = request;
      const restaurant = await adRestaurantFor(db, user, body.restaurantId);
      if (!restaurant) throw fieldProblem('restaurantId', 'required');
      const at = now();
      if (new Date(body.unpublishTimestamp) <= at) throw inFutureError('unpublishTimestamp');
      const config = await adCityConfig(db, restaurant.cityId);
      if (config.chatId === null) throw conflict('AD_NO_CHAT', { city: restaurant.cityName });
      const chatId = config.chatId;
      const id = await db.transaction().execute(async (trx) => {
        if (postsForOwnRestaurant(user)) {
          // The restaurant's row is the lock: two creations at once wait for each other, and the second sees the first.
          await lockRestaurant(trx, restaurant.id);
          const timeout = await adTimeoutSeconds(trx, restaurant.id, config.gapMinutes, at);
          if (timeout > 0) throw adTimeoutError(timeout);
        }
        const adId = await insertAd(trx, {
          restaurant_id: restaurant.id,
          text: body.text,
          telegram_chat_id: chatId,
          telegram_file_ids: JSON.stringify(body.telegramFileIds),
          video_file_id: body.videoFileId ?? null,
          publish_timestamp: new Date(body.publishTimestamp),
          unpublish_timestamp: new Date(body.unpublishTimestamp),
          status: AdStatus.CREATED,
          created_by: user.id,
          created_at: at,
        });
        await enqueueEvent(trx, { type: 'ad_publish', payload: { adId } }, new Date(body.publishTimestamp));
        return adId;
      });
      onEvent?.();
      reply.status(201);
      return readAd(db, id);
    },
  );

  app.put(
    P.one,
    {
      schema: {
        description:
          'Before publication any field (the ad goes back to waiting and is rescheduled; 409 AD_BUSY while it is being posted); ' +
          'once published only unpublishTimestamp (409 AD_CONTENT_LOCKED); once finished nothing (409 AD_FINISHED).',
        params: idParams,
        body: adUpdateSchema,
        response: { 200: adRecord },
      },
      preValidation: requireCan('ads', 'edit'),
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      const restaurant = await adRestaurantFor(db, user, request.body.restaurantId);
      await db.transaction().execute(async (trx) => {
        const row = await lockVisibleAd(trx, user, id);
        const changes = changesOf(row, request.body, restaurant);
        if (Object.keys(changes).length > 0) await applyAdChanges(trx, row, changes, now());
      });
      onEvent?.();
      return readAd(db, id);
    },
  );

  app.delete(
    P.one,
    {
      schema: {
        description: 'Admins and city admins. A published ad is removed from the chat by an event, right after.',
        params: idParams,
        response: { 200: adRecord },
      },
      preValidation: requireCan('ads', 'delete'),
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      const at = now();
      const record = await db.transaction().execute(async (trx) => {
        const row = await lockVisibleAd(trx, user, id);
        const published = row.status === AdStatus.PUBLISHED || row.status === AdStatus.UNPUBLISH_FAILED;
        await markAdDeleted(trx, id, at, published);
        // A removal already under way ('busy') does the same job.
        if (published) await scheduleAdEvent(trx, 'ad_unpublish', id, at);
        else await cancelAdEvents(trx, 'ad_publish', id);
        return toAd(row);
      });
      onEvent?.();
      return record;
    },
  );
};
