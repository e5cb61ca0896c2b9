import CloseIcon from '@mui/icons-material/Close';
import PhotoIcon from '@mui/icons-material/Photo';
import { Box, CircularProgress, Dialog, DialogContent, DialogTitle, IconButton } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { API_PATHS, IMAGE_PREVIEW_MAX_HEIGHT_PX } from '../../domain';
import { apiFetch } from '../../providers/httpClient';
import { api } from '../../providers/rest';
import { useTitledNotify } from '../common/notify';

/** The photo of a review as GET /photo hands it out (spec section 7), or null when it gives none. */
async function fetchPhoto(telegramFileId: string, cityId: number | null): Promise<Blob | null> {
  const query = new URLSearchParams({ telegramFileId, ...(cityId !== null ? { cityId: String(cityId) } : {}) });
  const { blob } = await apiFetch<never>(api(`${API_PATHS.photos.one}?${query.toString()}`), { raw: true });
  return blob ?? null;
}

/**
 * The photo icon of a review card: it loads the photo when pressed and shows it in a dialog;
 * a photo that cannot be had is the spec's 'Error while getting image' toast.
 */
export const ReviewPhotoButton = ({
  telegramFileId,
  cityId,
  threadId,
}: {
  telegramFileId: string;
  cityId: number | null;
  threadId: string;
}) => {
  const translate = useTranslate();
  const notify = useTitledNotify();
  const [loading, setLoading] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  // The object URL lives as long as the dialog shows it.
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);

  const open = async () => {
    setLoading(true);
    try {
      const blob = await fetchPhoto(telegramFileId, cityId);
      if (!blob) throw new Error('no image');
      setUrl(URL.createObjectURL(blob));
    } catch {
      notify('error', 'app.photo.errorTitle', 'app.photo.getError');
    } finally {
      setLoading(false);
    }
  };
  const title = translate('resources.reviews.card.photoTitle', { threadId });

  return (
    <>
      <IconButton
        size="small"
        onClick={() => void open()}
        disabled={loading}
        aria-label={translate('resources.reviews.card.photo')}
        data-review-photo
      >
        {loading ? <CircularProgress size={20} /> : <PhotoIcon />}
      </IconButton>
      <Dialog open={url !== null} onClose={() => setUrl(null)} aria-labelledby={`review-photo-${threadId}`} maxWidth="md">
        <DialogTitle id={`review-photo-${threadId}`} sx={{ pr: 6 }}>
          {title}
          <IconButton
            aria-label={translate('resources.reviews.card.close')}
            onClick={() => setUrl(null)}
            sx={{ position: 'absolute', right: 8, top: 8 }}
          >
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent>
          {url ? (
            <Box
              component="img"
              src={url}
              alt={title}
              sx={{ display: 'block', maxWidth: '100%', maxHeight: IMAGE_PREVIEW_MAX_HEIGHT_PX }}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
};
