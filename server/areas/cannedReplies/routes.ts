import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  cannedReplyRecord,
  cannedReplySchema,
  cannedReplyUpdateSchema,
  isLocale,
  orderCannedRepliesRecord,
  Role,
  threadId,
  DEFAULT_LOCALE,
} from '../../../src/domain';
import { currentUser, requireCan } from '../../auth/authorize';
import { assertCityWritable, assertInScope, listedCity, type Actor } from '../../auth/scope';
import { pageQuery } from '../../db/paginate';
import { forbidden, notFound } from '../../errors';
import { idParams, idsQuery, optionalQueryId } from '../../http/params';
import { checkCityMove, newRowCity } from '../cities/cityMove';
import type { RouteDeps } from '../deps';
import { cannedReplyRepository, type CannedReplyRow } from './repository';

const P = API_PATHS.cannedReplies;

/** The JSON of a canned reply: the one mapping from its row. */
export const toCannedReply = (row: CannedReplyRow) => ({
  id: row.id,
  cityId: row.city_id,
  city: { id: row.city_id, name: row.city_name },
  restaurantId: row.restaurant_id,
  title: row.title,
  text: row.text,
  text_ru: row.text_ru,
  text_es: row.text_es,
  uses: row.uses,
  createdAt: row.created_at.toISOString(),
});

const listQuery = pageQuery(['id', 'title', 'uses', 'cityId', 'createdAt']);
const replyList = z.array(cannedReplyRecord);
const threadParams = z.object({ threadId: threadId() });

/** A trimmed title and the texts, '' for a cleared translation. */
const textChanges = (body: { title?: string; text?: string; text_ru?: string | null; text_es?: string | null }) => ({
  ...(body.title !== undefined ? { title: body.title.trim() } : {}),
  ...(body.text !== undefined ? { text: body.text } : {}),
  ...(body.text_ru !== undefined ? { text_ru: body.text_ru ?? '' } : {}),
  ...(body.text_es !== undefined ? { text_es: body.text_es ?? '' } : {}),
});

/**
 * Canned replies of order chats: admins manage every city's, city admins their city's,
 * operators read their city's and use them, restaurant owners manage their restaurant's own.
 */
export const cannedReplyRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const replies = cannedReplyRepository(db);

  /** A reply the user may see, else a 404 (another city's or restaurant's is answered as unknown). */
  const load = async (user: Actor, id: number): Promise<CannedReplyRow> => {
    const row = await replies.find(id);
    const refusal = notFound('CANNED_REPLY_NOT_FOUND');
    assertInScope(user, row ? { cityId: row.city_id, restaurantId: row.restaurant_id } : undefined, refusal);
    if (!row) throw refusal;
    return row;
  };

  app.get(
    P.list,
    {
      schema: { querystring: listQuery.extend({ cityId: optionalQueryId('city id'), ids: idsQuery }), response: { 200: replyList } },
      preValidation: requireCan('cannedReplies', 'list'),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { ids } = request.query;
      const cityId = ids ? null : listedCity(user, request.query.cityId);
      if (cityId === 'none') return [];
      return (await replies.list(user, { cityId, ids }, request.query, reply)).map(toCannedReply);
    },
  );

  app.get(
    P.forOrder,
    { schema: { params: threadParams, response: { 200: orderCannedRepliesRecord } }, preValidation: requireCan('cannedReplies', 'list') },
    async (request) => {
      const user = currentUser(request);
      const order = await replies.order(request.params.threadId);
      const refusal = notFound('ORDER_NOT_FOUND');
      assertInScope(user, order ? { cityId: order.city_id, restaurantId: order.restaurant_id } : undefined, refusal);
      if (!order) throw refusal;
      return {
        customerLanguage: isLocale(order.language) ? order.language : DEFAULT_LOCALE,
        // Orders keep no expected time yet: the chat shows {eta} as a variable without a value.
        eta: null,
        replies: (await replies.forOrder(user, order)).map(toCannedReply),
      };
    },
  );

  app.get(
    P.one,
    { schema: { params: idParams, response: { 200: cannedReplyRecord } }, preValidation: requireCan('cannedReplies', 'show') },
    async (request) => toCannedReply(await load(currentUser(request), request.params.id)),
  );

  app.post(
    P.create,
    {
      schema: { body: cannedReplySchema.partial({ cityId: true }), response: { 201: cannedReplyRecord } },
      preValidation: requireCan('cannedReplies', 'create'),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { body } = request;
      // An owner's reply belongs to their restaurant, in the restaurant's city.
      const restaurantId = user.roleId === Role.RESTAURANT_OWNER ? user.restaurantId : null;
      if (user.roleId === Role.RESTAURANT_OWNER && restaurantId == null) throw forbidden();
      const ownerCity = restaurantId == null ? undefined : await replies.restaurantCity(restaurantId);
      if (ownerCity !== undefined && body.cityId !== undefined && body.cityId !== ownerCity) throw forbidden('CITY_NOT_YOURS');
      const cityId = ownerCity ?? (await newRowCity(db, user, body.cityId));
      const id = await replies.create({
        city_id: cityId,
        restaurant_id: restaurantId ?? null,
        title: body.title.trim(),
        text: body.text,
        text_ru: body.text_ru ?? '',
        text_es: body.text_es ?? '',
      });
      reply.status(201);
      return toCannedReply(await load(user, id));
    },
  );

  app.put(
    P.one,
    {
      schema: { params: idParams, body: cannedReplyUpdateSchema, response: { 200: cannedReplyRecord } },
      preValidation: requireCan('cannedReplies', 'edit'),
    },
    async (request) => {
      const user = currentUser(request);
      const existing = await load(user, request.params.id);
      assertCityWritable(user, existing.city_id);
      const { body } = request;
      // A restaurant's own reply stays in the restaurant's city.
      const moving = await checkCityMove(
        db,
        user,
        { city_id: existing.city_id, name: existing.title },
        body.cityId,
        'Canned reply',
        async () => (existing.restaurant_id === null ? '' : `restaurant #${existing.restaurant_id}`),
      );
      const changes = { ...textChanges(body), ...(moving && body.cityId !== undefined ? { city_id: body.cityId } : {}) };
      if (Object.keys(changes).length === 0) return toCannedReply(existing);
      await replies.update(existing.id, changes);
      return toCannedReply(await load(user, existing.id));
    },
  );

  app.delete(
    P.one,
    { schema: { params: idParams, response: { 200: cannedReplyRecord } }, preValidation: requireCan('cannedReplies', 'delete') },
    async (request) => {
      const user = currentUser(request);
      const existing = await load(user, request.params.id);
      assertCityWritable(user, existing.city_id);
      await replies.remove(existing.id);
      return toCannedReply(existing);
    },
  );

  // Counting a use is part of using the reply in a chat: whoever may see the reply may count it.
  app.post(
    P.used,
    { schema: { params: idParams, response: { 200: cannedReplyRecord } }, preValidation: requireCan('cannedReplies', 'show') },
    async (request) => {
      const user = currentUser(request);
      const existing = await load(user, request.params.id);
      await replies.countUse(existing.id);
      return toCannedReply(await load(user, existing.id));
    },
  );
};
