import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Title, useGetIdentity, useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useSession } from '../../resources/common/useSession';
import { LANGUAGES } from '../../providers/i18nProvider';
import { languageEditorPath } from '../../resources/language/paths';
import { isLocale } from '../../domain';

/** `/`: a greeting and the interface language buttons. */
export const HomePage = () => {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  const { identity } = useGetIdentity();
  const session = useSession();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="app.title" />
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          {translate('home.title', { username: identity?.fullName ?? '' })}
        </Typography>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          {translate('home.language')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          {LANGUAGES.map(({ locale: code, name }) => (
            <Button
              key={code}
              lang={code}
              variant={code === locale ? 'contained' : 'outlined'}
              aria-pressed={code === locale}
              onClick={() => setLocale(code)}
            >
              {name}
            </Button>
          ))}
        </Stack>
        {session.can('language', 'edit') && isLocale(locale) ? (
          <Button component={Link} to={languageEditorPath(locale)} sx={{ mt: 1 }} variant="text">
            {translate('resources.language.open')}
          </Button>
        ) : null}
        <Button component={Link} to="/settings/twoFactor" sx={{ mt: 3, display: 'block' }} variant="text">
          {translate('secondFactor.open')}
        </Button>
        {session.can('globalSettings', 'edit') ? (
          <Button component={Link} to="/settings" sx={{ mt: 1 }} variant="text">
            {translate('home.settings')}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
};
