import { Box, Button, Typography } from '@mui/material';
import { Link, Title, useTranslate } from 'react-admin';
import { cityEditPath } from '../cities/paths';
import { useSession } from './useSession';

/** In place of a screen of a city the user does not work in: says so, and leads to their own city. */
export const OtherCity = () => {
  const translate = useTranslate();
  const { cityId, can } = useSession();
  return (
    <Box sx={{ p: 4, textAlign: 'center' }} data-testid="other-city">
      <Title title="app.otherCity.title" />
      <Typography variant="h5" component="p" gutterBottom>
        {translate('app.otherCity.text')}
      </Typography>
      {cityId !== null && can('cityConfig', 'show') ? (
        <Button component={Link} to={cityEditPath(cityId)} variant="contained">
          {translate('app.otherCity.open')}
        </Button>
      ) : null}
    </Box>
  );
};

/** Whether the logged-in user works in `cityId` (admins in every city); null while the session loads. */
export function useWorksInCity(cityId: number | null): boolean | null {
  const session = useSession();
  if (session.isPending || session.roleId === null) return null;
  return session.allCities || (cityId !== null && session.cityId === cityId);
}
