import { Box, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { AdImagesInput } from './AdImagesInput';
import { AdVideoInput } from './AdVideoInput';

type Busy = 'images' | 'video' | null;

/**
 * Images or a video, never both (spec section 5): the images' uploader goes once there is a
 * video, the video's once there are images, and neither starts while the other uploads.
 */
export const AdMedia = ({
  cityId,
  readOnly,
  onUploading,
}: {
  cityId: number | null;
  readOnly: boolean;
  onUploading: (uploading: boolean) => void;
}) => {
  const translate = useTranslate();
  const images: unknown = useWatch({ name: 'telegramFileIds' });
  const video: unknown = useWatch({ name: 'videoFileId' });
  const hasImages = Array.isArray(images) && images.length > 0;
  const hasVideo = typeof video === 'string' && video !== '';
  const [busy, setBusy] = useState<Busy>(null);
  const uploading = (kind: Exclude<Busy, null>) => (on: boolean) => {
    setBusy(on ? kind : null);
    onUploading(on);
  };
  // A locked ad shows what it carries and nothing else.
  const showImages = !hasVideo && (!readOnly || hasImages);
  const showVideo = !hasImages && busy !== 'images' && (!readOnly || hasVideo);
  return (
    <Box sx={{ width: '100%' }}>
      {!readOnly && !hasImages && !hasVideo ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('resources.ads.media.both')}
        </Typography>
      ) : null}
      {showImages ? (
        <AdImagesInput cityId={cityId} readOnly={readOnly} canUpload={busy !== 'video'} onUploading={uploading('images')} />
      ) : null}
      {showVideo ? <AdVideoInput cityId={cityId} readOnly={readOnly} onUploading={uploading('video')} /> : null}
    </Box>
  );
};
