import { Avatar } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { API_PATHS } from '../../domain';
import { apiFetch } from '../../providers/httpClient';
import { api } from '../../providers/rest';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');

/**
 * A customer's photo, a file the messenger keeps (GET /photo in the city shown), or their
 * initials when they have none or it cannot be had (the name stands beside it either way).
 */
export const CustomerAvatar = ({ name, photo, cityId }: { name: string; photo: string | null; cityId: number | null }) => {
  const translate = useTranslate();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!photo || cityId === null) return;
    let cancelled = false;
    let made: string | null = null;
    const query = new URLSearchParams({ telegramFileId: photo, cityId: String(cityId) });
    apiFetch<never>(api(`${API_PATHS.photos.one}?${query.toString()}`), { raw: true }).then(
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
  }, [photo, cityId]);
  if (url) return <Avatar src={url} alt={translate('resources.topUsers.photoOf', { name })} />;
  // MUI's default grey is too light under white letters (contrast).
  return (
    <Avatar aria-hidden sx={{ bgcolor: 'grey.700', color: 'common.white' }}>
      {initials(name)}
    </Avatar>
  );
};
