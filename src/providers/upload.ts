import { HttpError } from 'react-admin';
import { VERSION_HEADER } from '../domain';
import { apiError, bearerAuthorization, parseBody } from './httpClient';
import { noteServerVersion } from './versionNotice';

/**
 * Sends a multipart form with XMLHttpRequest (fetch cannot report upload progress, XMLHttpRequest
 * can): `onProgress` hears 0 to 100 as the bytes go out. Bearer token, version check and errors
 * as in apiFetch; resolves with the parsed answer.
 */
export function sendFiles(method: 'POST' | 'PUT', url: URL, form: FormData, onProgress: (percent: number) => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url.toString());
    const authorization = bearerAuthorization();
    if (authorization) xhr.setRequestHeader('Authorization', authorization);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      noteServerVersion(xhr.getResponseHeader(VERSION_HEADER));
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(body);
      } else {
        reject(apiError(xhr.status, xhr.statusText, body));
      }
    };
    xhr.onerror = () => reject(new HttpError('The server cannot be reached', 0));
    xhr.send(form);
  });
}

/** POST /api/photo with the files as photo_0, photo_1, ...: the stored file ids, in order. */
export async function uploadPhotos(files: File[], cityId: number | null, onProgress: (percent: number) => void): Promise<string[]> {
  const form = new FormData();
  files.forEach((file, index) => form.append(`photo_${index}`, file));
  const url = new URL('/api/photo', window.location.origin);
  if (cityId != null) url.searchParams.set('cityId', String(cityId));
  const body = await sendFiles('POST', url, form, onProgress);
  if (!Array.isArray(body)) throw new HttpError('The server answered without file ids', 502, body);
  return body.map(String);
}
