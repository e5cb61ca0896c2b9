import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  fillPath,
  statsCountRecord,
  statsExecutionTimeRecord,
  statsFunnelRecord,
  statsOrdersAmountRecord,
  statsOrdersRecord,
  statsOrderTimesRecord,
  statsQuery,
  topUserRecord,
  topUsersQuery,
  type StatsFigure,
  type StatsQuery,
} from '../../../src/domain';
import { currentUser, requireCan } from '../../auth/authorize';
import { customerFigures } from './customerFigures';
import { slotFigures } from './slotFigures';
import { oneAtATime } from './oneAtATime';
import { orderTimes } from './orderTimes';
import { statsRange, topUsersRange, type StatsRange } from './statsRange';
import { topUsers } from './topUsers';
import type { RouteDeps } from '../deps';

const P = API_PATHS.stats;

/**
 * Statistics and top customers (spec section 7, Users and statistics). Admins and city admins
 * only (the `stats` and `topUsers` grants of src/domain/access.ts): operators and owners are
 * refused, as their menus have neither screen. Every figure is one statement over a city and
 * a range of at most 365 days (server/areas/stats/statsRange.ts).
 *
 * GET /users/top is registered here, beside the figures it shares its range rules with; being
 * a static path it wins over the staff accounts' /users/:id.
 */
export const statsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  const slots = slotFigures(db);
  const customers = customerFigures(db);
  const times = orderTimes(db);

  const options = <T extends z.ZodType>(response: T) => ({
    schema: { querystring: statsQuery, response: { 200: response } },
    preValidation: requireCan('stats', 'list'),
  });
  const path = (name: StatsFigure) => fillPath(P.figure, { figure: name });
  const queue = oneAtATime();
  /** A figure of the request's city and range, its queries in the statistics' queue. */
  const answer =
    <T>(read: (range: StatsRange) => Promise<T>) =>
    (request: FastifyRequest & { query: StatsQuery }) =>
      queue(async () => read(await statsRange(db, currentUser(request), request.query, now())));

  app.get(path('orders'), options(statsOrdersRecord), answer(slots.orders));
  app.get(path('newUsers'), options(statsCountRecord), answer(customers.newUsers));
  app.get(path('executionTime'), options(statsExecutionTimeRecord), answer(slots.executionTime));
  app.get(path('activeUsers'), options(statsCountRecord), answer(customers.activeUsers));
  app.get(path('ordersAmount'), options(statsOrdersAmountRecord), answer(customers.ordersAmount));
  app.get(path('ordersFunnel'), options(statsFunnelRecord), answer(customers.ordersFunnel));
  app.get(path('blockedUsersAmount'), options(statsCountRecord), answer(customers.blockedUsers));
  app.get(path('cartsAmount'), options(statsCountRecord), answer(slots.carts));
  app.get(path('orderTimes'), options(statsOrderTimesRecord), answer(times));

  app.get(
    P.topUsers,
    {
      schema: { querystring: topUsersQuery, response: { 200: z.array(topUserRecord) } },
      preValidation: requireCan('topUsers', 'list'),
    },
    async (request, reply) => {
      const { page, perPage, ...query } = request.query;
      const { rows, total } = await queue(async () =>
        topUsers(db, await topUsersRange(db, currentUser(request), query, now()), { page, perPage }),
      );
      reply.header('x-total-count', String(total));
      return rows;
    },
  );
};
