import type { FastifyPluginAsync } from 'fastify';
import type { RouteDeps } from './common';

export const cuisineRoutes: FastifyPluginAsync<RouteDeps> = async () => {};
