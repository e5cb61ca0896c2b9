import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, IconButton, Typography } from '@mui/material';
import { useRef, useState, type ChangeEvent } from 'react';
import { useInput, useNotify, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { AD_MAX_IMAGES, API_PATHS, IMAGE_PREVIEW_MAX_HEIGHT_PX, PHOTO_MIME_TYPES } from '../../domain';
import { uploadPhotos } from '../../providers/upload';
import { useTitledNotify } from '../common/notify';
import { UploadProgress } from './UploadProgress';
import { useStoredFile } from './useStoredFile';

const StoredImage = ({ fileId, cityId, n }: { fileId: string; cityId: number | null; n: number }) => {
  const translate = useTranslate();
  const { url, failed } = useStoredFile(API_PATHS.photos.one, fileId, cityId);
  if (failed) return <Typography variant="body2">{translate('app.photo.getError')}</Typography>;
  if (!url) return <Box sx={{ width: 120, height: 80, bgcolor: 'action.hover' }} />;
  return (
    <Box
      component="img"
      src={url}
      alt={translate('resources.ads.media.image', { n })}
      sx={{ display: 'block', maxWidth: '100%', maxHeight: IMAGE_PREVIEW_MAX_HEIGHT_PX }}
    />
  );
};

/**
 * The ad's images (telegramFileIds): several at once through POST /photo with the upload's
 * progress, each shown (at most 350 px high) with a button that takes it out; at most 10.
 */
export const AdImagesInput = ({
  cityId,
  readOnly,
  canUpload,
  onUploading,
}: {
  cityId: number | null;
  readOnly: boolean;
  /** False while the ad has a video or one uploads: an ad carries one or the other. */
  canUpload: boolean;
  onUploading: (uploading: boolean) => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const titledNotify = useTitledNotify();
  const { field } = useInput({ source: 'telegramFileIds', defaultValue: [] });
  const { getValues } = useFormContext();
  const images: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const room = AD_MAX_IMAGES - images.length;

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    if (chosen.length === 0) return;
    const files = chosen.slice(0, room);
    if (chosen.length > files.length) {
      notify('resources.ads.media.tooMany', { type: 'warning', messageArgs: { max: AD_MAX_IMAGES, count: chosen.length - files.length } });
    }
    if (files.length === 0) return;
    setProgress(0);
    onUploading(true);
    try {
      const ids = await uploadPhotos(files, cityId, setProgress);
      // The images as they are now: one may have been taken out meanwhile.
      const current: unknown = getValues('telegramFileIds');
      field.onChange([...(Array.isArray(current) ? (current as string[]) : []), ...ids]);
    } catch {
      titledNotify('error', 'app.photo.errorTitle', 'app.photo.uploadError');
    } finally {
      setProgress(null);
      onUploading(false);
    }
  };

  const remove = (index: number) => field.onChange(images.filter((_, i) => i !== index));

  return (
    <Box sx={{ width: '100%', mb: 2 }} data-testid="ad-images">
      <Typography variant="subtitle2" gutterBottom>
        {translate('resources.ads.media.images', { max: AD_MAX_IMAGES })}
      </Typography>
      {!readOnly && canUpload && room > 0 ? (
        <>
          <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => fileInput.current?.click()} disabled={progress !== null}>
            {translate('resources.ads.media.addImages')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept={PHOTO_MIME_TYPES.join(',')}
            multiple
            hidden
            onChange={onFiles}
            data-testid="ad-image-file"
          />
        </>
      ) : null}
      {progress !== null ? <UploadProgress percent={progress} testId="ad-image-progress" /> : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        {images.map((fileId, index) => (
          <Box key={`${fileId}-${index}`} sx={{ position: 'relative', maxWidth: '100%' }} data-ad-image={fileId}>
            <StoredImage fileId={fileId} cityId={cityId} n={index + 1} />
            {readOnly ? null : (
              <IconButton
                aria-label={translate('resources.ads.media.removeImage', { n: index + 1 })}
                onClick={() => remove(index)}
                size="small"
                sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
};
