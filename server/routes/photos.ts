import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { FILE_ID_PATTERN, PHOTO_MAX_BYTES, worksInEveryCity } from '../../src/domain';
import { currentUser, requireCan } from '../auth/authorize';
import { badRequest, notFound } from '../errors';
import { assertCityExists, assertCityVisible, assertCityWritable, optionalIdParam, type RouteDeps } from './common';

const MAX_FILES = 10;

/** What the first bytes say the file is; only these images are taken. */
export function imageTypeOf(data: Buffer): string | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.length >= 6 && /^GIF8[79]a$/.test(data.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (data.length >= 12 && data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

const MB = Math.round(PHOTO_MAX_BYTES / 1024 / 1024);

/**
 * POST /photo (multipart photo_0, photo_1, ...) keeps photos through the messenger gateway
 * and answers their file ids; GET /photo gives one back (spec section 7, Restaurants and photos).
 */
export const photoRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, messenger }) => {
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: MAX_FILES, fields: 10 } });

  app.post('/photo', { preHandler: requireCan('photos', 'create') }, async (request) => {
    const user = currentUser(request);
    if (!request.isMultipart()) throw badRequest('Send the photos as multipart/form-data fields photo_0, photo_1, ...');
    const asked = optionalIdParam(request, 'cityId');
    const cityId = asked ?? (worksInEveryCity(user) ? null : user.cityId);
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
        const mimeType = imageTypeOf(data);
        if (!mimeType) {
          throw badRequest(`${part.filename || part.fieldname} is not an image (JPEG, PNG, GIF or WebP)`, [
            { field: part.fieldname, message: 'is not an image' },
          ]);
        }
        photos.push({ data, mimeType });
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(`A photo may be at most ${MB} MB`);
      if (code === 'FST_FILES_LIMIT') throw badRequest(`At most ${MAX_FILES} photos at once`);
      if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PARTS_LIMIT') throw badRequest('The upload is not valid multipart data');
      throw error;
    }
    if (photos.length === 0) throw badRequest('No photo was sent: use the fields photo_0, photo_1, ...');
    const ids: string[] = [];
    for (const photo of photos) ids.push(await messenger.storePhoto({ ...photo, cityId }));
    return ids;
  });

  app.get('/photo', { preHandler: requireCan('photos', 'show') }, async (request, reply) => {
    const user = currentUser(request);
    const fileId = (request.query as Record<string, unknown>).telegramFileId;
    if (typeof fileId !== 'string' || !FILE_ID_PATTERN.test(fileId)) {
      throw badRequest('telegramFileId must be a stored file id', [{ field: 'telegramFileId', message: 'must be a stored file id' }]);
    }
    const cityId = optionalIdParam(request, 'cityId');
    if (cityId !== null) assertCityVisible(user, cityId);
    const photo = await messenger.getPhoto(fileId);
    if (!photo) throw notFound('Photo not found');
    if (photo.cityId !== null) assertCityVisible(user, photo.cityId);
    reply.header('content-type', photo.mimeType).header('cache-control', 'private, max-age=86400');
    return reply.send(photo.data);
  });
};
