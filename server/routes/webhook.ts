import type { FastifyPluginAsync } from 'fastify';
import type { RouteDeps } from './common';

export const webhookRoutes: FastifyPluginAsync<RouteDeps> = async () => {};
