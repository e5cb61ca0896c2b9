import { Box, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

export const NotFound = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <Title title="app.pageNotFound" />
      <Typography variant="h5" component="p">
        {translate('app.pageNotFound')}
      </Typography>
    </Box>
  );
};
