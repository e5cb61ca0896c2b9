import { HttpError } from 'react-admin';
import { VERSION_HEADER } from '../domain';
import { readSession } from './session';
import { noteServerVersion } from './versionNotice';

/**
 * POST /api/photo with the files as photo_0, photo_1, ...; `onProgress` hears 0 to 100 as the
 * bytes go out (fetch cannot report upload progress, XMLHttpRequest can).
 */
export function uploadPhotos(files: File[], cityId: number | null, onProgress: (percent: number) => void): Promise<string[]> {
  const form = new FormData();
  files.forEach((file, index) => form.append(`photo_${index}`, file));
  const url = new URL('/api/photo', window.location.origin);
  if (cityId != null) url.searchParams.set('cityId', String(cityId));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url.toString());
    const session = readSession();
    if (session) xhr.setRequestHeader('Authorization', `Bearer ${session.jwtToken}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      noteServerVersion(xhr.getResponseHeader(VERSION_HEADER));
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && Array.isArray(body)) {
        onProgress(100);
        resolve(body.map(String));
      } else {
        const message = (body as { message?: string } | null)?.message ?? xhr.statusText;
        reject(new HttpError(message || `HTTP ${xhr.status}`, xhr.status, body));
      }
    };
    xhr.onerror = () => reject(new HttpError('The server cannot be reached', 0));
    xhr.send(form);
  });
}
