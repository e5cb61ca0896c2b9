import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  customerAddressSchema,
  orderChatReadRecord,
  orderFilterQuery,
  orderListRecord,
  orderMessageRecord,
  orderStatusCountsRecord,
  orderMessageSchema,
  orderTotalsRecord,
  orderUpdateResult,
  orderUnreadRecord,
  orderUpdateSchema,
  ORDER_TOTALS_HEADER,
  ORDERS_MAX_PER_PAGE,
  pagingFields,
  queryInteger,
  threadId,
} from '../../../src/domain';
import { currentUser, requireCan } from '../../auth/authorize';
import { sendJsonText } from '../../http/jsonText';
import { idParams } from '../../http/params';
import { orderWorkspace } from './chatReads';
import { orderRange } from './filters';
import { ORDER_MESSAGES_MAX_LIMIT, orderChat } from './orderChat';
import { orderReader } from './orderReads';
import { orderWriter } from './orderWrites';
import type { RouteDeps } from '../deps';
import { orderExportRoute } from './exportRoute';

const P = API_PATHS.orders;
const threadParams = z.object({ threadId: threadId() });
const listQuery = orderFilterQuery.extend({
  ...pagingFields(ORDERS_MAX_PER_PAGE),
});
const messagesQuery = z.object({ limit: queryInteger(1, ORDER_MESSAGES_MAX_LIMIT).optional() });

/** Orders (spec section 7, Orders): the list, its totals and export, status moves, couriers, the chat. */
export const orderRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db } = deps;
  const reader = orderReader(db);
  const writer = orderWriter(db);
  const chat = orderChat(db, () => deps.onEvent?.());
  const workspace = orderWorkspace(db);

  app.get(
    P.list,
    { schema: { querystring: listQuery, response: { 200: z.array(orderListRecord) } }, preValidation: requireCan('orders', 'list') },
    async (request, reply) => {
      const user = currentUser(request);
      const { page, perPage, ...filter } = request.query;
      const range = orderRange(user, filter, deps.now());
      const { json, total, totals } = await reader.list(user, range, { numbers: filter.numbers }, { page, perPage });
      reply.header('x-total-count', String(total));
      // The same statement gives the range's totals: the list screen needs no second request.
      reply.header(ORDER_TOTALS_HEADER, JSON.stringify(totals));
      // The database wrote the page as the response schema has it (orderListJson): it goes out as it came.
      return sendJsonText(reply, json);
    },
  );

  // The status tabs' counts for the list's other filters (its own tab left out), in one request.
  app.get(
    P.statusCounts,
    { schema: { querystring: orderFilterQuery, response: { 200: orderStatusCountsRecord } }, preValidation: requireCan('orders', 'list') },
    async (request) => {
      const user = currentUser(request);
      return workspace.statusCounts(user, orderRange(user, request.query, deps.now()));
    },
  );

  // The menu's badge: the user's unread customer and restaurant messages over the orders they see.
  app.get(
    P.unread,
    { schema: { response: { 200: orderUnreadRecord } }, preValidation: requireCan('orderChat', 'list') },
    async (request) => ({ total: await workspace.unreadTotal(currentUser(request)) }),
  );

  // Opening an order's chat reads it for that user.
  app.post(
    P.chatRead,
    { schema: { params: threadParams, response: { 200: orderChatReadRecord } }, preValidation: requireCan('orderChat', 'list') },
    async (request) => {
      await workspace.markRead(currentUser(request), request.params.threadId);
      return { threadId: request.params.threadId, unread: 0 };
    },
  );

  app.get(
    P.totals,
    { schema: { querystring: orderFilterQuery, response: { 200: orderTotalsRecord } }, preValidation: requireCan('orders', 'list') },
    async (request) => {
      const user = currentUser(request);
      return (await reader.aggregate(user, orderRange(user, request.query, deps.now()))).totals;
    },
  );

  await app.register(orderExportRoute, deps);

  app.put(
    P.one,
    {
      schema: { params: idParams, body: orderUpdateSchema, response: { 200: orderUpdateResult } },
      preValidation: requireCan('orders', 'edit'),
    },
    async (request) =>
      writer.update(currentUser(request), request.params.id, request.body, (entry) =>
        request.log.warn({ debugStatusMove: entry }, 'order status moved in debug mode'),
      ),
  );

  app.get(
    P.messages,
    {
      schema: { params: threadParams, querystring: messagesQuery, response: { 200: z.array(orderMessageRecord) } },
      preValidation: requireCan('orderChat', 'list'),
    },
    async (request) => chat.history(currentUser(request), request.params.threadId, request.query.limit),
  );

  // To the customer as the restaurant, and to the restaurant as the customer (spec section 7).
  for (const [path, direction] of [
    [P.messages, 'TO_USER'],
    [P.toRestaurant, 'TO_RESTAURANT'],
  ] as const) {
    app.post(
      path,
      {
        schema: { params: threadParams, body: orderMessageSchema, response: { 201: orderMessageRecord } },
        preValidation: requireCan('orderChat', 'create'),
      },
      async (request, reply) => {
        reply.code(201);
        return chat.send(currentUser(request), request.params.threadId, direction, request.body.text);
      },
    );
  }

  app.put(
    P.customerAddress,
    {
      schema: {
        params: idParams,
        body: customerAddressSchema,
        response: { 200: z.object({ id: z.number().int(), address: z.string().nullable() }) },
      },
      preValidation: requireCan('customerAddress', 'edit'),
    },
    async (request) => writer.setCustomerAddress(currentUser(request), request.params.id, request.body.address ?? null),
  );
};
