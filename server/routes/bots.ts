import type { FastifyPluginAsync } from 'fastify';
import type { RouteDeps } from './common';

export const botRoutes: FastifyPluginAsync<RouteDeps> = async () => {};
