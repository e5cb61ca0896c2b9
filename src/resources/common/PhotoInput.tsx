import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, LinearProgress, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { IMAGE_PREVIEW_MAX_HEIGHT_PX, isPhotoLink, PHOTO_LINK_DEBOUNCE_MS } from '../../domain';
import { apiFetch } from '../../providers/httpClient';
import { uploadPhotos } from '../../providers/upload';
import { useTitledNotify } from './notify';

/** Resolves when the photo can be shown: a link that loads as an image, or a stored file the server hands out. */
async function loadPhoto(value: string, cityId: number | null): Promise<string> {
  if (isPhotoLink(value)) {
    const link = value.trim();
    await new Promise<void>((resolve, reject) => {
      const image = new Image();
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('not an image'));
      image.src = link;
    });
    return link;
  }
  const query = new URLSearchParams({ telegramFileId: value, ...(cityId != null ? { cityId: String(cityId) } : {}) });
  const { blob } = await apiFetch<never>(`/api/photo?${query.toString()}`, { raw: true });
  if (!blob) throw new Error('no image');
  return URL.createObjectURL(blob);
}

const release = (url: string | null) => {
  if (url?.startsWith('blob:')) URL.revokeObjectURL(url);
};

/** Stores one file and answers its file id; `onProgress` hears 0 to 100. */
export type PhotoUpload = (file: File, onProgress: (percent: number) => void) => Promise<string>;

export interface PhotoInputProps {
  source: string;
  cityId: number | null;
  label?: string;
  /** Where a file goes; POST /api/photo (the id is saved with the record) by default. */
  upload?: PhotoUpload;
  /** Hears true when an upload starts and false when it ends, so the form can hold its submit meanwhile. */
  onUploading?: (uploading: boolean) => void;
}

/**
 * A photo: upload a file (with its progress, 0 to 100) or give a link or a stored file id
 * (checked 1 s after typing stops), with a preview. A link or id that gives no image is
 * refused next to the field and the field keeps its value. Used for the city's default image
 * and for restaurants, dishes and ads.
 */
export const PhotoInput = ({ source, cityId, label, upload, onUploading }: PhotoInputProps) => {
  const translate = useTranslate();
  const notify = useTitledNotify();
  const { field } = useInput({ source });
  const value = typeof field.value === 'string' ? field.value : '';
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  // The loaded preview (or the problem) of one value; another value shows nothing until it loads.
  const [loaded, setLoaded] = useState<{ of: string; url: string | null; problem: string | null }>({ of: '', url: null, problem: null });
  const [typedProblem, setTypedProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const onChange = useRef(field.onChange);
  useEffect(() => {
    onChange.current = field.onChange;
  });

  // A new stored value (loaded, uploaded or taken) replaces what was typed.
  if (shownValue !== value) {
    setShownValue(value);
    setText(value);
    setTypedProblem(null);
  }
  const preview = value && loaded.of === value ? loaded.url : null;
  const problem = typedProblem ?? (value && loaded.of === value ? loaded.problem : null);

  // The stored value's preview.
  useEffect(() => {
    if (!value) return;
    let cancelled = false;
    let url: string | null = null;
    loadPhoto(value, cityId).then(
      (result) => {
        url = result;
        if (cancelled) return release(result);
        setLoaded({ of: value, url: result, problem: null });
      },
      () => {
        if (!cancelled) setLoaded({ of: value, url: null, problem: isPhotoLink(value) ? 'app.photo.linkError' : 'app.photo.getError' });
      },
    );
    return () => {
      cancelled = true;
      release(url);
    };
  }, [value, cityId]);

  // A typed link or id is taken once it has shown an image.
  useEffect(() => {
    const candidate = text.trim();
    if (candidate === value) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      if (!candidate) {
        setTypedProblem(null);
        onChange.current('');
        return;
      }
      loadPhoto(candidate, cityId).then(
        (loaded) => {
          release(loaded);
          if (!cancelled) onChange.current(candidate);
        },
        () => {
          if (!cancelled) setTypedProblem(isPhotoLink(candidate) ? 'app.photo.linkError' : 'app.photo.getError');
        },
      );
    }, PHOTO_LINK_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [text, value, cityId]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProgress(0);
    onUploading?.(true);
    try {
      const fileId = upload ? await upload(file, setProgress) : (await uploadPhotos([file], cityId, setProgress))[0];
      setTypedProblem(null);
      field.onChange(fileId);
    } catch {
      notify('error', 'app.photo.errorTitle', 'app.photo.uploadError');
    } finally {
      setProgress(null);
      onUploading?.(false);
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
          onChange={(event) => {
            setText(event.target.value);
            setTypedProblem(null);
          }}
          error={problem !== null}
          helperText={problem ? translate(problem) : undefined}
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
