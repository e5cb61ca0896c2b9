import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

export const NotFound = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h5" component="h1">
        {translate('app.pageNotFound')}
      </Typography>
    </Box>
  );
};
