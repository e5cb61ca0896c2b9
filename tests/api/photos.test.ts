import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES } from '../../src/domain';
import { backends, useStaffApp } from './harness';

/** The smallest PNG there is: one transparent pixel. */
export const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart body with the given files, as a browser's FormData would send it. */
export function multipart(files: { field: string; name: string; type: string; data: Buffer }[]) {
  const boundary = '----photo-test-boundary';
  const parts = files.map((file) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(backends)('photos on %s', (backend) => {
  const t = useStaffApp(backend);

  const upload = (who: string, files: Parameters<typeof multipart>[0], query = `?cityId=${t.ids.cityId}`) => {
    const body = multipart(files);
    return t.app.inject({ method: 'POST', url: `/api/photo${query}`, headers: { ...t.auth[who], ...body.headers }, payload: body.payload });
  };
  const png = (field = 'photo_0') => ({ field, name: 'dot.png', type: 'image/png', data: PIXEL_PNG });

  it('stores photos and returns their file ids; GET /photo gives the image back', async () => {
    const response = await upload('cityadmin', [png('photo_0'), png('photo_1')]);
    expect(response.statusCode).toBe(200);
    const fileIds = response.json() as string[];
    expect(fileIds).toHaveLength(2);
    const image = await t.app.inject({ method: 'GET', url: `/api/photo?cityId=${t.ids.cityId}&telegramFileId=${fileIds[0]}`, headers: t.auth.owner });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PIXEL_PNG)).toBe(true);
  });

  it('every staff role may upload in its own city, not in another', async () => {
    for (const who of ['admin', 'cityadmin', 'operator', 'owner']) {
      expect((await upload(who, [png()])).statusCode, who).toBe(200);
    }
    expect((await upload('cityadmin', [png()], `?cityId=${t.ids.otherCityId}`)).statusCode).toBe(403);
    const theirs = (await upload('admin', [png()], `?cityId=${t.ids.otherCityId}`)).json()[0];
    const get = await t.app.inject({ method: 'GET', url: `/api/photo?telegramFileId=${theirs}`, headers: t.auth.operator });
    expect(get.statusCode).toBe(404);
  });

  it('refuses anything that is not an image, too large, or not multipart, with 400', async () => {
    const text = await upload('admin', [{ field: 'photo_0', name: 'notes.png', type: 'image/png', data: Buffer.from('not an image at all') }]);
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('notes.png is not an image (JPEG, PNG, GIF or WebP)');
    const big = Buffer.concat([PIXEL_PNG, Buffer.alloc(PHOTO_MAX_BYTES)]);
    const tooLarge = await upload('admin', [{ field: 'photo_0', name: 'big.png', type: 'image/png', data: big }]);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().message).toBe('A photo may be at most 10 MB');
    const json = await t.app.inject({ method: 'POST', url: '/api/photo', headers: t.auth.admin, payload: { photo: 'x' } });
    expect(json.statusCode).toBe(400);
    expect((await upload('admin', [])).statusCode).toBe(400);
    expect((await upload('admin', [png('file')])).statusCode).toBe(400);
    expect((await upload('admin', [png()], '?cityId=abc')).statusCode).toBe(400);
    const stored = await t.db.selectFrom('stored_files').select('id').where('size', '>', PHOTO_MAX_BYTES).execute();
    expect(stored).toHaveLength(0);
  });

  it('an unknown or malformed file id is a 404 or a 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/photo?telegramFileId=unknownfileid123', headers: t.auth.admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/photo?telegramFileId=../../etc', headers: t.auth.admin })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/photo', headers: t.auth.admin })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/photo?telegramFileId=unknownfileid123' })).statusCode).toBe(401);
  });
});
