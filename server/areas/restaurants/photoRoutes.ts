import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp, { type SharpOptions } from 'sharp';
import { z } from 'zod';
import { FILE_ID_PATTERN, PHOTO_MAX_BYTES } from '../../../src/domain';
import { currentUser, requireCan } from '../../auth/authorize';
import { assertCityExists, assertCityVisible, assertCityWritable, cityOfNewRow } from '../../auth/scope';
import { apiError, badRequest, HttpError, notFound } from '../../errors';
import { optionalQueryId } from '../../http/params';
import type { RouteDeps } from '../deps';

const MAX_FILES = 10;
/** Each side of a photo, in pixels, and the pixels of its whole area. */
export const PHOTO_MAX_SIDE = 10_000;
export const PHOTO_MAX_PIXELS = 50_000_000;

/** The formats taken, by the name the decoder gives them. */
const IMAGE_TYPES: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };

/**
 * The real type of an upload that is a whole image of a taken format within the size bounds,
 * or null. The image is decoded completely, so a valid header in front of anything else
 * (a script, a truncated file) is refused.
 */
export async function imageTypeOf(data: Buffer): Promise<string | null> {
  try {
    const options: SharpOptions = { failOn: 'error', limitInputPixels: PHOTO_MAX_PIXELS };
    const { format, width, height } = await sharp(data, options).metadata();
    const type = IMAGE_TYPES[format];
    if (!type || !width || !height || width > PHOTO_MAX_SIDE || height > PHOTO_MAX_SIDE) return null;
    await sharp(data, options).stats();
    return type;
  } catch {
    return null;
  }
}

const MB = Math.round(PHOTO_MAX_BYTES / 1024 / 1024);

/** Errors of the multipart plugin that are the server's fault; any other error reading the body is the client's. */
const SERVER_SIDE_CODES = ['FST_FILE_BUFFER_NOT_FOUND', 'FST_NO_FORM_DATA'];

const uploadQuery = z.object({ cityId: optionalQueryId('city the photos belong to') });
const photoQuery = z.object({
  telegramFileId: z.string().regex(FILE_ID_PATTERN, { error: 'must be a stored file id' }).describe('a file id answered by POST /photo'),
  cityId: optionalQueryId('city id'),
});

/**
 * POST /photo (multipart photo_0, photo_1, ...) keeps photos through the messenger gateway
 * and answers their file ids; GET /photo gives one back (spec section 7, Restaurants and photos).
 */
export const photoRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, messenger }) => {
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: MAX_FILES, fields: 10 } });

  app.post(
    '/photo',
    {
      schema: {
        description: 'multipart/form-data with the files photo_0, photo_1, ...: JPEG, PNG, GIF or WebP images',
        querystring: uploadQuery,
        response: { 200: z.array(z.string()).describe('the file ids, in the order of the fields') },
      },
      preValidation: requireCan('photos', 'create'),
    },
    async (request) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw badRequest('Send the photos as multipart/form-data fields photo_0, photo_1, ...');
      const asked = request.query.cityId;
      const cityId = cityOfNewRow(user, asked ?? undefined) ?? null;
      if (cityId !== null) {
        assertCityWritable(user, cityId);
        await assertCityExists(db, cityId);
      }
      const photos: { data: Buffer; mimeType: string }[] = [];
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (!/^photo_\d+$/.test(part.fieldname)) throw badRequest(`Unexpected file field ${part.fieldname}: use photo_0, photo_1, ...`);
          const data = await part.toBuffer();
          const mimeType = await imageTypeOf(data);
          if (!mimeType) {
            throw apiError(400, 'NOT_AN_IMAGE', { file: (part.filename || part.fieldname).slice(0, 100) }, [
              { field: part.fieldname, message: 'is not an image' },
            ]);
          }
          photos.push({ data, mimeType });
        }
      } catch (error) {
        if (error instanceof HttpError) throw error;
        const code = error instanceof Error && 'code' in error ? error.code : undefined;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw apiError(400, 'PHOTO_TOO_LARGE', { megabytes: MB });
        if (code === 'FST_FILES_LIMIT') throw badRequest(`At most ${MAX_FILES} photos at once`);
        if (typeof code === 'string' && SERVER_SIDE_CODES.includes(code)) throw error;
        // A missing boundary, a body cut short, broken part headers, too many parts.
        throw badRequest('The upload is not valid multipart data');
      }
      if (photos.length === 0) throw badRequest('No photo was sent: use the fields photo_0, photo_1, ...');
      const ids: string[] = [];
      for (const photo of photos) ids.push(await messenger.storePhoto({ ...photo, cityId }));
      return ids;
    },
  );

  app.get(
    '/photo',
    {
      schema: { querystring: photoQuery },
      preValidation: requireCan('photos', 'show'),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { telegramFileId: fileId, cityId } = request.query;
      if (cityId !== null) assertCityVisible(user, cityId);
      const photo = await messenger.getPhoto(fileId, { cityId });
      if (!photo) throw notFound('PHOTO_NOT_FOUND');
      if (photo.cityId !== null) assertCityVisible(user, photo.cityId);
      // Shown as the image it was checked to be, never sniffed into anything else.
      reply
        .header('content-type', photo.mimeType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, max-age=86400');
      return reply.send(photo.data);
    },
  );
};
