import compress from '@fastify/compress';
import { constants } from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compresses the page, scripts, styles and JSON for clients that accept it (images are left
 * alone). Brotli at a middle quality: about gzip's speed, smaller output.
 */
const plugin: FastifyPluginAsync = async (app) => {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip', 'deflate'],
    threshold: 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
    // Only compress responses, never accept compressed request bodies.
    globalDecompression: false,
  });
};

export const compression = fp(plugin, { name: 'compression' });
