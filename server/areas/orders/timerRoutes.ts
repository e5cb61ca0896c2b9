import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cityOrderTimersRecord,
  cityOrderTimersSchema,
  ORDER_LATE_COUNT_PATH,
  ORDER_TIMERS_PATH,
  orderLateCountRecord,
} from '../../../src/domain';
import { currentUser, requireCan } from '../../auth/authorize';
import { assertCityVisible, assertCityWritable } from '../../auth/scope';
import { notFound } from '../../errors';
import { cityIdParams } from '../../http/params';
import type { RouteDeps } from '../deps';
import { orderTimerRepository } from './orderTimers';

/**
 * Order timers: a city's minutes per stage (admins any city, city admins theirs; operators and
 * owners read their city's), and the count of late orders in the user's scope (the menu's).
 */
export const orderTimerRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  const timers = orderTimerRepository(db);
  const assertCityExists = async (cityId: number) => {
    const city = await db.selectFrom('cities').select('id').where('id', '=', cityId).executeTakeFirst();
    if (!city) throw notFound('CITY_NOT_FOUND');
  };

  app.get(
    ORDER_TIMERS_PATH,
    { schema: { params: cityIdParams, response: { 200: cityOrderTimersRecord } }, preValidation: requireCan('orderTimers', 'show') },
    async (request) => {
      const { cityId } = request.params;
      assertCityVisible(currentUser(request), cityId);
      await assertCityExists(cityId);
      return timers.read(cityId);
    },
  );

  app.put(
    ORDER_TIMERS_PATH,
    {
      schema: { params: cityIdParams, body: cityOrderTimersSchema, response: { 200: cityOrderTimersRecord } },
      preValidation: requireCan('orderTimers', 'edit'),
    },
    async (request) => {
      const { cityId } = request.params;
      assertCityWritable(currentUser(request), cityId);
      await assertCityExists(cityId);
      await timers.write(cityId, request.body);
      return timers.read(cityId);
    },
  );

  app.get(
    ORDER_LATE_COUNT_PATH,
    { schema: { response: { 200: orderLateCountRecord } }, preValidation: requireCan('orders', 'list') },
    async (request) => ({ total: await timers.lateCount(currentUser(request), now()) }),
  );
};
