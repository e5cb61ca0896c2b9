import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { Loading, Title, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { isLocale, type Locale } from '../../domain';
import { NotFound } from '../../layout/NotFound';
import { LANGUAGES } from '../../providers/i18nProvider';
import { useSession } from '../common/useSession';
import type { LanguageRecord } from '../../domain/language';
import { LanguageTexts } from './LanguageTexts';
import { languageEditorPath } from './paths';

/** The buttons that switch the language being edited. */
const LanguagePicker = ({ locale }: { locale: Locale }) => {
  const translate = useTranslate();
  return (
    <Stack
      direction="row"
      spacing={1}
      component="nav"
      aria-label={translate('resources.language.languages')}
      sx={{ flexWrap: 'wrap', rowGap: 1 }}
    >
      {LANGUAGES.map(({ locale: code, name }) => (
        <Button
          key={code}
          component={Link}
          to={languageEditorPath(code)}
          lang={code}
          size="small"
          variant={code === locale ? 'contained' : 'outlined'}
          aria-current={code === locale ? 'page' : undefined}
        >
          {name}
        </Button>
      ))}
    </Stack>
  );
};

const EditorOf = ({ locale }: { locale: Locale }) => {
  const translate = useTranslate();
  const { data, error, isPending, refetch } = useGetOne<LanguageRecord & RaRecord>('language', { id: locale });
  if (isPending) return <Loading />;
  if (error || !data)
    return <Alert severity="error">{translate('resources.language.loadFailed', { message: error?.message ?? '' })}</Alert>;
  return <LanguageTexts key={locale} locale={locale} record={data} onRestored={() => void refetch()} />;
};

/**
 * /language/{id}: every interface text of one language with the English beside it, a filter
 * and Save; for admins only (the API refuses everyone else too).
 */
export const LanguageEditor = () => {
  const translate = useTranslate();
  const { id } = useParams();
  const session = useSession();
  if (session.isPending) return <Loading />;
  if (!isLocale(id) || !session.can('language', 'edit')) return <NotFound />;
  const name = LANGUAGES.find((language) => language.locale === id)?.name ?? id;
  return (
    <Box sx={{ display: 'grid', gap: 2, p: { xs: 1, sm: 2 }, maxWidth: 960 }}>
      <Title title={translate('resources.language.title', { language: name })} />
      <Typography variant="h5" component="h2">
        {translate('resources.language.title', { language: name })}
      </Typography>
      <LanguagePicker locale={id} />
      <Typography variant="body2" color="text.secondary">
        {translate('resources.language.intro')}
      </Typography>
      <EditorOf locale={id} />
    </Box>
  );
};
