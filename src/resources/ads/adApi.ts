import { HttpError } from 'react-admin';
import { adChatRecord, adTimeoutRecord, API_PATHS } from '../../domain';
import { apiFetch } from '../../providers/httpClient';
import { api, getJson } from '../../providers/rest';
import { sendFiles } from '../../providers/upload';

/** The ad calls besides the list and the saves (spec section 7, Advertisements). */
const P = API_PATHS.ads;

/** Seconds until the user's restaurant may post its next ad (0: now). */
export const fetchAdTimeout = async (): Promise<number> => adTimeoutRecord.parse(await getJson<unknown>(P.timeout)).timeout;

/** The chat ads of a city go to (its adChatId), null when the city has none; admins name the city. */
export const fetchAdChat = async (cityId: number | null): Promise<string | null> =>
  adChatRecord.parse(await getJson<unknown>(cityId === null ? P.chat : `${P.chat}?cityId=${cityId}`)).chatId;

/** POST /api/video with the file as `video` (query cityId): the stored video's file id; `onProgress` hears 0 to 100. */
export async function uploadVideo(file: File, cityId: number | null, onProgress: (percent: number) => void): Promise<string> {
  const form = new FormData();
  form.append('video', file);
  const url = new URL(api(API_PATHS.videos.one), window.location.origin);
  if (cityId !== null) url.searchParams.set('cityId', String(cityId));
  // Answered as POST /photo answers: the file ids, here one.
  const answer = await sendFiles('POST', url, form, onProgress);
  const fileId: unknown = Array.isArray(answer) ? answer[0] : null;
  if (typeof fileId !== 'string') throw new HttpError('The server answered without the video', 502, answer);
  return fileId;
}

/** A stored file (GET /photo or GET /video) as an object URL to show; the caller revokes it. */
export async function storedFileUrl(path: string, fileId: string, cityId: number | null): Promise<string> {
  const query = new URLSearchParams({ telegramFileId: fileId, ...(cityId !== null ? { cityId: String(cityId) } : {}) });
  const { blob } = await apiFetch<never>(api(`${path}?${query.toString()}`), { raw: true });
  if (!blob) throw new Error('no file');
  return URL.createObjectURL(blob);
}
