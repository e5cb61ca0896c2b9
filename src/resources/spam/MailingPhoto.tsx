import { Box, Link, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { IMAGE_PREVIEW_MAX_HEIGHT_PX, isPhotoLink } from '../../domain';
import { apiFetch } from '../../providers/httpClient';

/**
 * A mailing's photo: a stored file is shown (GET /photo); a link to an image elsewhere is
 * shown as its link, since the page loads images from this server only (its CSP).
 */
export const MailingPhoto = ({ photoId, cityId }: { photoId: string; cityId: number }) => {
  const translate = useTranslate();
  const [url, setUrl] = useState<string | null>(null);
  const link = isPhotoLink(photoId);
  useEffect(() => {
    if (link) return;
    let cancelled = false;
    let made: string | null = null;
    const query = new URLSearchParams({ telegramFileId: photoId, cityId: String(cityId) });
    apiFetch<never>(`/api/photo?${query.toString()}`, { raw: true }).then(
      ({ blob }) => {
        if (cancelled || !blob) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [photoId, cityId, link]);
  if (link) {
    return (
      <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
        {translate('resources.spam.list.photoLink')}{' '}
        <Link href={photoId} target="_blank" rel="noreferrer">
          {photoId}
        </Link>
      </Typography>
    );
  }
  if (!url) return null;
  return (
    <Box
      component="img"
      src={url}
      alt={translate('resources.spam.list.photo')}
      sx={{ display: 'block', maxWidth: '100%', maxHeight: Math.min(160, IMAGE_PREVIEW_MAX_HEIGHT_PX), borderRadius: 1 }}
    />
  );
};
