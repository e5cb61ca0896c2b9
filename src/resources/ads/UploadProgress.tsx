import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** An upload's progress, 0 to 100. */
export const UploadProgress = ({ percent, testId }: { percent: number; testId: string }) => {
  const translate = useTranslate();
  const label = translate('resources.ads.media.uploading', { percent });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
      <LinearProgress variant="determinate" value={percent} sx={{ flex: 1 }} aria-label={label} />
      <Typography variant="body2" data-testid={testId}>
        {percent}%
      </Typography>
    </Box>
  );
};
