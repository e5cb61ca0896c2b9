import type { FastifyPluginAsync } from 'fastify';
import type { RouteDeps } from './common';

export const districtRoutes: FastifyPluginAsync<RouteDeps> = async () => {};
