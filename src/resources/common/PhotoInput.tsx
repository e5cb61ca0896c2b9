import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, LinearProgress, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { IMAGE_PREVIEW_MAX_HEIGHT_PX, isPhotoLink, PHOTO_LINK_DEBOUNCE_MS } from '../../domain';
import { apiFetch } from '../../providers/httpClient';
import { uploadPhotos } from '../../providers/upload';
import { useTitledNotify } from './notify';

/** The preview's address: the link itself, or the stored file fetched with the bearer token. */
function usePreview(value: string, cityId: number | null, onError: () => void) {
  const [url, setUrl] = useState<string | null>(null);
  const errorRef = useRef(onError);
  errorRef.current = onError;
  useEffect(() => {
    if (!value) return setUrl(null);
    if (isPhotoLink(value)) return setUrl(value.trim());
    let objectUrl: string | null = null;
    let cancelled = false;
    const query = new URLSearchParams({ telegramFileId: value, ...(cityId != null ? { cityId: String(cityId) } : {}) });
    apiFetch<never>(`/api/photo?${query.toString()}`, { raw: true })
      .then(({ blob }) => {
        if (cancelled || !blob) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => {
        if (!cancelled) {
          setUrl(null);
          errorRef.current();
        }
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [value, cityId]);
  return url;
}

/**
 * A photo: upload a file (with its progress, 0 to 100) or give a link or a stored file id
 * (applied 1 s after typing stops), with a preview. Used for the city's default image and
 * for restaurants, dishes and ads.
 */
export const PhotoInput = ({ source, cityId, label }: { source: string; cityId: number | null; label?: string }) => {
  const translate = useTranslate();
  const notify = useTitledNotify();
  const { field } = useInput({ source });
  const value = typeof field.value === 'string' ? field.value : '';
  const [text, setText] = useState(value);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => field.onChange(text.trim()), PHOTO_LINK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, field]);

  const preview = usePreview(value, cityId, () => notify('error', 'app.photo.errorTitle', 'app.photo.getError'));

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProgress(0);
    try {
      const [fileId] = await uploadPhotos([file], cityId, setProgress);
      field.onChange(fileId);
    } catch {
      notify('error', 'app.photo.errorTitle', 'app.photo.uploadError');
    } finally {
      setProgress(null);
    }
  };

  return (
    <Box sx={{ width: '100%', mb: 2 }} data-photo-input={source}>
      <Typography variant="subtitle2" gutterBottom>
        {translate(label ?? 'app.photo.label')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => fileInput.current?.click()} disabled={progress !== null}>
          {translate('app.photo.upload')}
        </Button>
        <input ref={fileInput} type="file" accept="image/*" hidden onChange={onFile} data-testid="photo-file" />
        <TextField
          size="small"
          sx={{ flex: '1 1 220px' }}
          label={translate('app.photo.byLink')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          inputProps={{ 'data-testid': 'photo-link' }}
        />
      </Box>
      {progress !== null ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }} role="progressbar" aria-valuenow={progress}>
          <LinearProgress variant="determinate" value={progress} sx={{ flex: 1 }} />
          <Typography variant="body2" data-testid="photo-progress">
            {progress}%
          </Typography>
        </Box>
      ) : null}
      {preview ? (
        <Box
          component="img"
          src={preview}
          alt={translate('app.photo.preview')}
          sx={{ display: 'block', mt: 1, maxWidth: '100%', maxHeight: IMAGE_PREVIEW_MAX_HEIGHT_PX }}
        />
      ) : null}
    </Box>
  );
};
