import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_PATHS, auditActorRecord, auditFilterQuery, auditRecord, orderTimelineEntry } from '../../../src/domain';
import { auditReader } from './auditReads';
import { orderTimeline } from './orderTimeline';
import { currentUser, requireCan } from '../../auth/authorize';
import { idParams } from '../../http/params';
import type { RouteDeps } from '../deps';

/**
 * The audit trail: its records, filtered and paged (admins all, city admins their
 * city's), the staff to filter them by, and an order's timeline (whoever may see the order).
 * The records are written by the database itself (migration 014) and by the login route.
 */
export const auditRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const reader = auditReader(db);
  const timeline = orderTimeline(db);

  app.get(
    AUDIT_PATHS.list,
    { schema: { querystring: auditFilterQuery, response: { 200: z.array(auditRecord) } }, preValidation: requireCan('audit', 'list') },
    async (request, reply) => reader.list(currentUser(request), request.query, reply),
  );

  app.get(
    AUDIT_PATHS.actors,
    { schema: { response: { 200: z.array(auditActorRecord) } }, preValidation: requireCan('audit', 'list') },
    async (request) => reader.actors(currentUser(request)),
  );

  app.get(
    AUDIT_PATHS.orderTimeline,
    { schema: { params: idParams, response: { 200: z.array(orderTimelineEntry) } }, preValidation: requireCan('orders', 'show') },
    async (request) => timeline(currentUser(request), request.params.id),
  );
};
