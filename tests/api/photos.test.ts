import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES } from '../../src/domain';
import { backends, useStaffApp } from './harness';
import { multipart, MULTIPART_BOUNDARY, PIXEL_PNG } from './photoUpload';

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
    const image = await t.app.inject({
      method: 'GET',
      url: `/api/photo?cityId=${t.ids.cityId}&telegramFileId=${fileIds[0]}`,
      headers: t.auth.owner,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-disposition']).toBe('inline');
    expect(image.rawPayload.equals(PIXEL_PNG)).toBe(true);
  });

  it('takes whole JPEG, GIF and WebP images and keeps their real type, whatever the upload claims', async () => {
    const picture = (format: 'jpeg' | 'gif' | 'webp') =>
      sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
        .toFormat(format)
        .toBuffer();
    const files = [
      { field: 'photo_0', name: 'a.jpg', type: 'image/jpeg', data: await picture('jpeg') },
      { field: 'photo_1', name: 'b.gif', type: 'image/gif', data: await picture('gif') },
      { field: 'photo_2', name: 'c.webp', type: 'image/webp', data: await picture('webp') },
      { field: 'photo_3', name: 'd.jpg', type: 'image/jpeg', data: PIXEL_PNG },
    ];
    const response = await upload('admin', files);
    expect(response.statusCode).toBe(200);
    const types = [];
    for (const id of response.json<string[]>()) {
      const image = await t.app.inject({ method: 'GET', url: `/api/photo?telegramFileId=${id}`, headers: t.auth.admin });
      types.push(image.headers['content-type']);
    }
    expect(types).toEqual(['image/jpeg', 'image/gif', 'image/webp', 'image/png']);
  });

  it('refuses a file that only starts like an image, a cut one, another format or a huge one', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#00f' } })
      .jpeg()
      .toBuffer();
    const wide = await sharp({ create: { width: 10_001, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const cases: [string, Buffer][] = [
      ['script.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<script>alert(document.domain)</script>')])],
      ['three.jpg', Buffer.from([0xff, 0xd8, 0xff])],
      ['cut.jpg', jpeg.subarray(0, jpeg.length - 100)],
      ['drawing.svg', svg],
      ['wide.png', wide],
    ];
    const before = await t.db
      .selectFrom('stored_files')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const [name, data] of cases) {
      const response = await upload('admin', [{ field: 'photo_0', name, type: 'image/jpeg', data }]);
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toMatchObject({ code: 'NOT_AN_IMAGE', message: `${name} is not an image (JPEG, PNG, GIF or WebP)` });
    }
    const after = await t.db
      .selectFrom('stored_files')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('malformed multipart is a 400, not a 500', async () => {
    const whole = multipart([png()]);
    const send = (contentType: string, payload: Buffer | string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/photo?cityId=${t.ids.cityId}`,
        headers: { ...t.auth.admin, 'content-type': contentType },
        payload,
      });
    const bodies: [string, string, Buffer | string][] = [
      ['no boundary', 'multipart/form-data', whole.payload],
      ['a truncated body', whole.headers['content-type'], whole.payload.subarray(0, whole.payload.length - 60)],
      ['a body cut inside the part headers', whole.headers['content-type'], `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-da`],
      ['another boundary', 'multipart/form-data; boundary=other', whole.payload],
      ['garbage', whole.headers['content-type'], 'not multipart at all'],
    ];
    for (const [what, contentType, payload] of bodies) {
      const response = await send(contentType, payload);
      expect(response.statusCode, what).toBe(400);
      expect(response.json().code, what).toBeTypeOf('string');
    }
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
    const text = await upload('admin', [
      { field: 'photo_0', name: 'notes.png', type: 'image/png', data: Buffer.from('not an image at all') },
    ]);
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: 'NOT_AN_IMAGE', message: 'notes.png is not an image (JPEG, PNG, GIF or WebP)' });
    const big = Buffer.concat([PIXEL_PNG, Buffer.alloc(PHOTO_MAX_BYTES)]);
    const tooLarge = await upload('admin', [{ field: 'photo_0', name: 'big.png', type: 'image/png', data: big }]);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toMatchObject({ code: 'PHOTO_TOO_LARGE', message: 'A photo may be at most 10 MB' });
    const json = await t.app.inject({ method: 'POST', url: '/api/photo', headers: t.auth.admin, payload: { photo: 'x' } });
    expect(json.statusCode).toBe(400);
    expect((await upload('admin', [])).statusCode).toBe(400);
    expect((await upload('admin', [png('file')])).statusCode).toBe(400);
    expect((await upload('admin', [png()], '?cityId=abc')).statusCode).toBe(400);
    const stored = await t.db.selectFrom('stored_files').select('id').where('size', '>', PHOTO_MAX_BYTES).execute();
    expect(stored).toHaveLength(0);
  });

  it('an unknown or malformed file id is a 404 or a 400', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/photo?telegramFileId=unknownfileid123', headers: t.auth.admin })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/photo?telegramFileId=../../etc', headers: t.auth.admin })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/photo', headers: t.auth.admin })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/photo?telegramFileId=unknownfileid123' })).statusCode).toBe(401);
  });
});
