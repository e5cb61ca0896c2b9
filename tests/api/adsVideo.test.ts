import { describe, expect, it } from 'vitest';
import { isMp4 } from '../../server/areas/ads/mp4';
import { AD_VIDEO_MAX_BYTES } from '../../src/domain';
import { useAdsApp } from './adsFixtures';
import { backends } from './harness';
import { multipart, PIXEL_PNG, type UploadFile } from './photoUpload';

/** An ISO media box: its size, its type and what it holds. */
const box = (type: string, ...content: Buffer[]) => {
  const payload = Buffer.concat(content);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
};
const ftyp = (major: string, ...compatible: string[]) =>
  box('ftyp', Buffer.from(major, 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from(compatible.join(''), 'latin1'));
/** The smallest MP4 the check takes: the file type, a movie header and the media data. */
const MP4 = Buffer.concat([
  ftyp('isom', 'isom', 'iso2', 'avc1', 'mp41'),
  box('moov', box('mvhd', Buffer.alloc(100))),
  box('mdat', Buffer.alloc(64, 7)),
]);

describe('the MP4 check', () => {
  it('takes a file of MP4 boxes with a movie, and nothing else', () => {
    expect(isMp4(MP4)).toBe(true);
    expect(isMp4(Buffer.concat([ftyp('mp42', 'mp42'), box('free'), box('mdat', Buffer.alloc(10)), box('moov')]))).toBe(true);
    // HEIF and AVIF pictures are the same boxes with other brands; QuickTime is not MP4.
    expect(isMp4(Buffer.concat([ftyp('heic', 'mif1', 'heic'), box('moov')]))).toBe(false);
    expect(isMp4(Buffer.concat([ftyp('avif', 'mif1', 'miaf'), box('moov')]))).toBe(false);
    expect(isMp4(Buffer.concat([ftyp('qt  ', 'qt  '), box('moov')]))).toBe(false);
    // A real header in front of something else, a file cut short, no movie, no file type first.
    expect(isMp4(Buffer.concat([MP4, Buffer.from('<script>alert(1)</script>')]))).toBe(false);
    expect(isMp4(MP4.subarray(0, MP4.length - 10))).toBe(false);
    expect(isMp4(Buffer.concat([ftyp('isom', 'isom'), box('mdat', Buffer.alloc(10))]))).toBe(false);
    expect(isMp4(Buffer.concat([box('moov'), ftyp('isom', 'isom')]))).toBe(false);
    expect(isMp4(PIXEL_PNG)).toBe(false);
    expect(isMp4(Buffer.alloc(0))).toBe(false);
  });
});

describe.each(backends)('ad videos on %s', (backend) => {
  const t = useAdsApp(backend);
  const upload = (who: string, files: UploadFile[], query = '') => {
    const body = multipart(files);
    return t().app.inject({ method: 'POST', url: `/api/video${query}`, headers: { ...auth(who), ...body.headers }, payload: body.payload });
  };
  const auth = (who: string) => t().auth[who];
  const video = (data = MP4, field = 'video'): UploadFile => ({ field, name: 'promo.mp4', type: 'video/mp4', data });
  const fetchVideo = (who: string, fileId: string) =>
    t().app.inject({ method: 'GET', url: `/api/video?telegramFileId=${fileId}`, headers: auth(who) });

  it('keeps an MP4 and answers its file id; GET /video plays it back as video/mp4, never sniffed', async () => {
    const response = await upload('owner', [video()]);
    expect(response.statusCode).toBe(200);
    const [fileId] = response.json<string[]>();
    expect(fileId).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    const played = await fetchVideo('cityadmin', fileId);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('video/mp4');
    expect(played.headers['x-content-type-options']).toBe('nosniff');
    expect(played.rawPayload.equals(MP4)).toBe(true);
    // The photo call is for images only.
    const asPhoto = await t().app.inject({ method: 'GET', url: `/api/photo?telegramFileId=${fileId}`, headers: auth('owner') });
    expect(asPhoto.statusCode).toBe(404);
    expect(await t().messenger.missingFiles([fileId, 'notStoredYet1'])).toEqual(['notStoredYet1']);
  });

  it("refuses what is not an MP4, more than one file, and another city's video", async () => {
    const png = await upload('admin', [{ field: 'video', name: 'dot.png', type: 'video/mp4', data: PIXEL_PNG }]);
    expect(png.statusCode).toBe(400);
    expect(png.json()).toMatchObject({ code: 'NOT_A_VIDEO', message: 'dot.png is not a video (MP4)' });
    expect((await upload('admin', [video(), video(MP4, 'video_1')])).statusCode).toBe(400);
    expect((await upload('admin', [])).statusCode).toBe(400);
    const json = await t().app.inject({ method: 'POST', url: '/api/video', headers: auth('admin'), payload: { video: 'x' } });
    expect(json.statusCode).toBe(400);
    expect((await upload('operator', [video()])).statusCode).toBe(403);
    expect((await upload('cityadmin', [video()], `?cityId=${t().ids.otherCityId}`)).statusCode).toBe(403);

    const far = (await upload('admin', [video()], `?cityId=${t().ids.otherCityId}`)).json<string[]>()[0];
    expect((await fetchVideo('cityadmin', far)).statusCode).toBe(404);
    expect((await fetchVideo('admin', far)).statusCode).toBe(200);
    expect((await fetchVideo('operator', far)).statusCode).toBe(403);
  });

  it('refuses a video over the limit with 413 VIDEO_TOO_LARGE', async () => {
    const big = Buffer.alloc(AD_VIDEO_MAX_BYTES + 1);
    MP4.copy(big);
    const response = await upload('admin', [video(big)]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'VIDEO_TOO_LARGE', args: { megabytes: 50 } });
  });
});
