import { HttpError } from 'react-admin';
import { fillPath, type Locale } from '../../../domain';
import {
  MENU_SHEET_PATHS,
  MENU_SHEET_TYPE,
  menuImportPreview,
  menuImportResult,
  type MenuImportPreview,
  type MenuImportResult,
} from '../../../domain/menuSheet';
import { downloadFile } from '../../../providers/download';
import { apiFetch } from '../../../providers/httpClient';
import { api } from '../../../providers/rest';

/** The menu sheet's calls: the export and template downloads, and the import's preview and apply. */

const pathOf = (pattern: string, restaurantId: number) => api(fillPath(pattern, { id: restaurantId }));

/** Saves the restaurant's menu (or the blank template) in the user's language, under the server's file name. */
export async function downloadMenu(restaurantId: number, locale: Locale, template: boolean): Promise<string> {
  const query = new URLSearchParams({ locale, ...(template ? { template: '1' } : {}) });
  return downloadFile(`${pathOf(MENU_SHEET_PATHS.file, restaurantId)}?${query.toString()}`, () => 'menu.xlsx');
}

/** Sends the workbook as the request body (not JSON), as every call otherwise. */
const sendSheet = async (url: string, file: Blob): Promise<unknown> =>
  (await apiFetch<unknown>(url, { method: 'POST', body: file, headers: { 'Content-Type': MENU_SHEET_TYPE } })).json;

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
