import { Box, Button, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/**
 * The one answer to a screen that is not the user's: one their role may not open, or one of a
 * city or restaurant outside their scope. It reads nothing, and leads home.
 */
export const NotAvailable = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 2, sm: 4 }, textAlign: 'center' }} data-testid="not-available">
      <Title title="app.notAvailable.title" />
      <Typography variant="h5" component="p" gutterBottom>
        {translate('app.notAvailable.title')}
      </Typography>
      <Typography variant="body1" gutterBottom>
        {translate('app.notAvailable.text')}
      </Typography>
      <Button component={Link} to="/" variant="contained" sx={{ mt: 2 }}>
        {translate('app.notAvailable.home')}
      </Button>
    </Box>
  );
};
