import { useEffect, useState } from 'react';
import { storedFileUrl } from './adApi';

/**
 * A stored photo or video (GET /photo, GET /video by file id) as a URL the page can show,
 * released when the file changes or the component leaves; `failed` when it cannot be had.
 */
export function useStoredFile(path: string, fileId: string | null, cityId: number | null, local?: string | null) {
  const [loaded, setLoaded] = useState<{ of: string; url: string | null; failed: boolean }>({ of: '', url: null, failed: false });
  useEffect(() => {
    if (!fileId || local) return;
    let cancelled = false;
    let url: string | null = null;
    storedFileUrl(path, fileId, cityId).then(
      (result) => {
        url = result;
        if (cancelled) URL.revokeObjectURL(result);
        else setLoaded({ of: fileId, url: result, failed: false });
      },
      () => {
        if (!cancelled) setLoaded({ of: fileId, url: null, failed: true });
      },
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path, fileId, cityId, local]);
  if (local) return { url: local, failed: false };
  return loaded.of === fileId ? { url: loaded.url, failed: loaded.failed } : { url: null, failed: false };
}
