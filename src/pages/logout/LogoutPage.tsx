import { Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { Title, useGetIdentity, useLogout, useTranslate } from 'react-admin';

/** `/logout`: one button that clears the stored login and returns to /login. */
export const LogoutPage = () => {
  const logout = useLogout();
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  return (
    <Card sx={{ mt: 2, maxWidth: 560 }}>
      <Title title="logout.title" />
      <CardContent>
        <Typography>{translate('logout.text', { username: identity?.fullName ?? '' })}</Typography>
      </CardContent>
      <CardActions>
        <Button variant="contained" color="primary" startIcon={<LogoutIcon />} onClick={() => logout()}>
          {translate('logout.button')}
        </Button>
      </CardActions>
    </Card>
  );
};
