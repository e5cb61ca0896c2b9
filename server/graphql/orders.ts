import type { MercuriusContext } from 'mercurius';
import { z } from 'zod';
import { adminMessageSchema, fieldErrors, id, MESSAGE_DIRECTIONS, orderMessageSchema, orderUpdateSchema, threadId } from '../../src/domain';
import { authorize } from '../auth/authorize';
import { invalidFields } from '../errors';
import { ORDER_MESSAGES_MAX_LIMIT, orderChat } from '../areas/orders/orderChat';
import { orderReader } from '../areas/orders/orderReads';
import { orderWriter } from '../areas/orders/orderWrites';
import type { GraphqlDeps, GraphqlModule } from './module';
import { orderTypeDefs } from './orderTypes';

/** Arguments are checked by the same schemas as the REST bodies, and refused the same way. */
const parse = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidFields(fieldErrors(result.error));
  return result.data;
};

const getOrderArgs = z.object({ threadId: threadId(), numbers: z.boolean().nullish() });
const messagesArgs = z.object({ threadId: threadId(), limit: z.number().int().min(1).max(ORDER_MESSAGES_MAX_LIMIT).nullish() });
const updateArgs = z.object({ id: id(), order: z.record(z.string(), z.unknown()), debug: z.boolean().nullish() });
const sendArgs = z.object({ threadId: threadId(), text: z.unknown(), direction: z.enum(MESSAGE_DIRECTIONS) });
// url is optional in the schema: left out, it is absent from the arguments (zod's unknown() alone would require the key).
const adminArgs = z.object({ threadId: threadId(), text: z.unknown(), url: z.unknown().optional() });
const adminsArgs = z.object({ role: z.number().int(), cityId: id().nullish() });

/** Orders over GraphQL (spec section 7): the same code, authorization, scope and masking as REST. */
export function orderModule({ db, onEvent }: GraphqlDeps): GraphqlModule {
  const reader = orderReader(db);
  const writer = orderWriter(db);
  const chat = orderChat(db, onEvent);

  return {
    typeDefs: orderTypeDefs,
    Query: {
      getOrder: async (_root: unknown, args: unknown, ctx: MercuriusContext) => {
        authorize(ctx.user, 'orders', 'show');
        const { threadId: thread, numbers } = parse(getOrderArgs, args);
        return reader.byThread(ctx.user, thread, { numbers: numbers === true });
      },
      getOrderMessages: async (_root: unknown, args: unknown, ctx: MercuriusContext) => {
        authorize(ctx.user, 'orderChat', 'list');
        const { threadId: thread, limit } = parse(messagesArgs, args);
        return chat.history(ctx.user, thread, limit ?? undefined);
      },
      getAdmins: async (_root: unknown, args: unknown, ctx: MercuriusContext) => {
        const { role, cityId } = parse(adminsArgs, args);
        return writer.staffOfRole(ctx.user, role, cityId ?? null);
      },
    },
    Mutation: {
      updateOrder: async (_root: unknown, args: unknown, ctx: MercuriusContext) => {
        authorize(ctx.user, 'orders', 'edit');
        const { id: orderId, order, debug } = parse(updateArgs, args);
        const change = parse(orderUpdateSchema, { ...order, ...(debug == null ? {} : { debug }) });
        return writer.update(ctx.user, orderId, change, (entry) =>
          ctx.reply.request.log.warn({ debugStatusMove: entry }, 'order status moved in debug mode'),
        );
      },
      sendOrderMessage: async (_root: unknown, args: unknown, ctx: MercuriusContext) => {
        authorize(ctx.user, 'orderChat', 'create');
        const { threadId: thread, text, direction } = parse(sendArgs, args);
        const body = parse(orderMessageSchema, { text });
        return chat.send(ctx.user, thread, direction, body.text);
      },
      sendAdminMessage: async (_root: unknown, args: unknown, ctx: MercuriusContext) => {
        authorize(ctx.user, 'orderAdminMessage', 'create');
        const { threadId: thread, text, url } = parse(adminArgs, args);
        const body = parse(adminMessageSchema, { text, ...(url == null ? {} : { url }) });
        return chat.send(ctx.user, thread, 'ADMIN', body.text, body.url || null);
      },
    },
  };
}
