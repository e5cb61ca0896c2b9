import { apiFetch } from './httpClient';

/** The file name a Content-Disposition header gives (its UTF-8 `filename*` first), or null. */
export const dispositionFileName = (disposition: string | null): string | null => {
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition ?? '');
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // a malformed encoding: the plain name below
    }
  }
  const plain = /filename\s*=\s*"([^"]+)"|filename\s*=\s*([^;]+)/i.exec(disposition ?? '');
  return plain?.[1] ?? (plain?.[2]?.trim() || null);
};

/**
 * Downloads `url` (with the login, as every call) and hands it to the browser as a file, under
 * the name the server gives, else `fallback()`; resolves with that name.
 */
export async function downloadFile(url: string, fallback: () => string, signal?: AbortSignal): Promise<string> {
  const { blob, headers } = await apiFetch<never>(url, { raw: true, signal });
  if (!blob) throw new Error('The file came back empty');
  const name = dispositionFileName(headers.get('content-disposition')) ?? fallback();
  const link = document.createElement('a');
  const href = URL.createObjectURL(blob);
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next task; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(href), 0);
  return name;
}
