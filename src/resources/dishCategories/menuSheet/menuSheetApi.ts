import { HttpError } from 'react-admin';
import { fillPath, VERSION_HEADER, type Locale } from '../../../domain';
import {
  MENU_SHEET_PATHS,
  MENU_SHEET_TYPE,
  menuImportPreview,
  menuImportResult,
  type MenuImportPreview,
  type MenuImportResult,
} from '../../../domain/menuSheet';
import { apiError, apiFetch, bearerAuthorization, parseBody } from '../../../providers/httpClient';
import { api } from '../../../providers/rest';
import { noteServerVersion } from '../../../providers/versionNotice';

/** The menu sheet's calls: the export and template downloads, and the import's preview and apply. */

/** The name the server gives the file (its UTF-8 `filename*` first), else menu.xlsx. */
export const menuFileName = (disposition: string | null): string => {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // a malformed encoding: the plain name below
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? 'menu.xlsx';
};

const pathOf = (pattern: string, restaurantId: number) => api(fillPath(pattern, { id: restaurantId }));

/** Saves the restaurant's menu (or the blank template) in the user's language, under the server's file name. */
export async function downloadMenu(restaurantId: number, locale: Locale, template: boolean): Promise<string> {
  const query = new URLSearchParams({ locale, ...(template ? { template: '1' } : {}) });
  const { blob, headers } = await apiFetch<never>(`${pathOf(MENU_SHEET_PATHS.file, restaurantId)}?${query.toString()}`, { raw: true });
  if (!blob) throw new Error('The menu file came back empty');
  const name = menuFileName(headers.get('content-disposition'));
  const link = document.createElement('a');
  const href = URL.createObjectURL(blob);
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
  return name;
}

/** Sends the workbook as the request body (not JSON): bearer token, version check and errors as every call. */
async function sendSheet(url: string, file: Blob): Promise<unknown> {
  const headers = new Headers({ Accept: 'application/json', 'Content-Type': MENU_SHEET_TYPE });
  const authorization = bearerAuthorization();
  if (authorization) headers.set('Authorization', authorization);
  let response: Response;
  try {
    response = await fetch(new URL(url, window.location.origin), { method: 'POST', headers, body: file });
  } catch {
    throw new HttpError('The server cannot be reached', 0);
  }
  noteServerVersion(response.headers.get(VERSION_HEADER));
  const body = parseBody(await response.text());
  if (!response.ok) throw apiError(response.status, response.statusText, body);
  return body;
}

export const previewImport = async (restaurantId: number, file: Blob): Promise<MenuImportPreview> =>
  menuImportPreview.parse(await sendSheet(pathOf(MENU_SHEET_PATHS.preview, restaurantId), file));

export const applyImport = async (restaurantId: number, file: Blob, version: string): Promise<MenuImportResult> =>
  menuImportResult.parse(
    await sendSheet(`${pathOf(MENU_SHEET_PATHS.apply, restaurantId)}?${new URLSearchParams({ version }).toString()}`, file),
  );

/** The error code of an API error answer (MENU_CHANGED, say), or null. */
export const errorCode = (error: unknown): string | null => {
  if (!(error instanceof HttpError)) return null;
  const body: unknown = error.body;
  return typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string' ? body.code : null;
};
