import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, Typography } from '@mui/material';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { API_PATHS, IMAGE_PREVIEW_MAX_HEIGHT_PX } from '../../domain';
import { useTitledNotify } from '../common/notify';
import { uploadVideo } from './adApi';
import { UploadProgress } from './UploadProgress';
import { useStoredFile } from './useStoredFile';

const VideoPreview = ({ fileId, cityId, local }: { fileId: string; cityId: number | null; local: string | null }) => {
  const translate = useTranslate();
  const { url, failed } = useStoredFile(API_PATHS.videos.one, fileId, cityId, local);
  if (failed || !url) {
    return (
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {translate('resources.ads.media.videoStored', { id: fileId })}
      </Typography>
    );
  }
  return (
    <Box
      component="video"
      src={url}
      controls
      preload="metadata"
      aria-label={translate('resources.ads.media.videoPreview')}
      sx={{ display: 'block', maxWidth: '100%', maxHeight: IMAGE_PREVIEW_MAX_HEIGHT_PX }}
    />
  );
};

/**
 * The ad's video (videoFileId): uploaded through POST /video with its progress and shown
 * (the file just chosen plays from the browser itself), or taken out. Its parent hides it
 * while the ad has images or they upload.
 */
export const AdVideoInput = ({
  cityId,
  readOnly,
  onUploading,
}: {
  cityId: number | null;
  readOnly: boolean;
  onUploading: (uploading: boolean) => void;
}) => {
  const translate = useTranslate();
  const notify = useTitledNotify();
  const { field } = useInput({ source: 'videoFileId', defaultValue: null });
  const video = typeof field.value === 'string' && field.value !== '' ? field.value : null;
  const [progress, setProgress] = useState<number | null>(null);
  // The file just uploaded, played from the browser rather than downloaded again.
  const [local, setLocal] = useState<{ of: string; url: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => () => (local ? URL.revokeObjectURL(local.url) : undefined), [local]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProgress(0);
    onUploading(true);
    try {
      const fileId = await uploadVideo(file, cityId, setProgress);
      setLocal({ of: fileId, url: URL.createObjectURL(file) });
      field.onChange(fileId);
    } catch {
      notify('error', 'app.photo.errorTitle', 'resources.ads.media.uploadVideoError');
    } finally {
      setProgress(null);
      onUploading(false);
    }
  };

  return (
    <Box sx={{ width: '100%', mb: 2 }} data-testid="ad-video">
      <Typography variant="subtitle2" gutterBottom>
        {translate('resources.ads.media.video')}
      </Typography>
      {!readOnly && video === null ? (
        <>
          <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => fileInput.current?.click()} disabled={progress !== null}>
            {translate('resources.ads.media.addVideo')}
          </Button>
          <input ref={fileInput} type="file" accept="video/mp4" hidden onChange={onFile} data-testid="ad-video-file" />
        </>
      ) : null}
      {progress !== null ? <UploadProgress percent={progress} testId="ad-video-progress" /> : null}
      {video !== null ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1 }}>
          <VideoPreview fileId={video} cityId={cityId} local={local?.of === video ? local.url : null} />
          {readOnly ? null : (
            <Button variant="text" color="error" startIcon={<DeleteIcon />} onClick={() => field.onChange(null)}>
              {translate('resources.ads.media.removeVideo')}
            </Button>
          )}
        </Box>
      ) : null}
    </Box>
  );
};
