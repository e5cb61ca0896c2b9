import type { FastifyReply } from 'fastify';

/**
 * Sends JSON that is already text (a page the database wrote in the shape of the route's
 * response schema): Fastify sends a string with a JSON content type as it is, without the
 * schema's serialiser, so the text is neither parsed nor written again.
 */
export const sendJsonText = (reply: FastifyReply, json: string): FastifyReply => reply.type('application/json; charset=utf-8').send(json);
