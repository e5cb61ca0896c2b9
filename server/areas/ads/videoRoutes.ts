import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AD_VIDEO_MAX_BYTES, API_PATHS, FILE_ID_PATTERN } from '../../../src/domain';
import { isMp4 } from './mp4';
import { currentUser, requireCan } from '../../auth/authorize';
import { assertCityExists, assertCityVisible, assertCityWritable, cityOfNewRow } from '../../auth/scope';
import { apiError, badRequest, HttpError, notFound } from '../../errors';
import { optionalQueryId } from '../../http/params';
import type { RouteDeps } from '../deps';

const MB = Math.round(AD_VIDEO_MAX_BYTES / 1024 / 1024);
/** Errors of the multipart plugin that are the server's fault; any other error reading the body is the client's. */
const SERVER_SIDE_CODES = ['FST_FILE_BUFFER_NOT_FOUND', 'FST_NO_FORM_DATA'];

const uploadQuery = z.object({ cityId: optionalQueryId('city the video belongs to') });
const videoQuery = z.object({
  telegramFileId: z.string().regex(FILE_ID_PATTERN, { error: 'must be a stored file id' }).describe('a file id answered by POST /video'),
  cityId: optionalQueryId('city id'),
});

/** The one file of the upload, read whole; a 400 with the reason for anything else. */
async function readOneFile(parts: AsyncIterable<Multipart>) {
  let found: { field: string; name: string; data: Buffer } | null = null;
  try {
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (found) throw badRequest('Send one video at a time');
      found = { field: part.fieldname, name: part.filename || part.fieldname, data: await part.toBuffer() };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = error instanceof Error && 'code' in error ? error.code : undefined;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw apiError(413, 'VIDEO_TOO_LARGE', { megabytes: MB });
    if (code === 'FST_FILES_LIMIT') throw badRequest('Send one video at a time');
    if (typeof code === 'string' && SERVER_SIDE_CODES.includes(code)) throw error;
    // A missing boundary, a body cut short, broken part headers, too many parts.
    throw badRequest('The upload is not valid multipart data');
  }
  return found;
}

/**
 * POST /video (multipart, one file, e.g. the field `video`) keeps an ad's MP4 video through the
 * messenger gateway and answers its file id as POST /photo does (`[fileId]`); GET /video gives
 * it back for the form's preview.
 */
export const videoRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, messenger }) => {
  // Two files, so that a second one is refused by name rather than dropped.
  await app.register(multipart, { limits: { fileSize: AD_VIDEO_MAX_BYTES, files: 2, fields: 10 } });

  app.post(
    API_PATHS.videos.one,
    {
      schema: {
        description: `multipart/form-data with one file (the field \`video\`): an MP4 video of at most ${MB} MB`,
        querystring: uploadQuery,
        response: { 200: z.array(z.string()).length(1).describe('the file id of the stored video') },
      },
      preValidation: requireCan('ads', 'create'),
    },
    async (request) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw badRequest('Send the video as multipart/form-data with one file field `video`');
      const cityId = cityOfNewRow(user, request.query.cityId ?? undefined) ?? null;
      if (cityId !== null) {
        assertCityWritable(user, cityId);
        await assertCityExists(db, cityId);
      }
      const file = await readOneFile(request.parts());
      if (!file) throw badRequest('No video was sent: use one file field `video`');
      if (!isMp4(file.data)) {
        throw apiError(400, 'NOT_A_VIDEO', { file: file.name.slice(0, 100) }, [{ field: file.field, message: 'is not an MP4 video' }]);
      }
      return [await messenger.storeVideo({ data: file.data, mimeType: 'video/mp4', cityId })];
    },
  );

  app.get(
    API_PATHS.videos.one,
    { schema: { querystring: videoQuery }, preValidation: requireCan('ads', 'show') },
    async (request, reply) => {
      const user = currentUser(request);
      const { telegramFileId: fileId, cityId } = request.query;
      if (cityId !== null) assertCityVisible(user, cityId);
      const video = await messenger.getVideo(fileId);
      if (!video) throw notFound('NOT_FOUND');
      if (video.cityId !== null) assertCityVisible(user, video.cityId);
      // Played as the video it was checked to be, never sniffed into anything else.
      reply
        .header('content-type', video.mimeType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, max-age=86400');
      return reply.send(video.data);
    },
  );
};
