import TranslateIcon from '@mui/icons-material/Translate';
import { screen, type ResourceManifest } from '../common/manifest';
import { LANGUAGE_EDITOR_PATH } from './paths';

export default {
  name: 'language',
  icon: TranslateIcon,
  // /language/{id}: the editor of one language's interface texts (admins; reached from the home page).
  routes: [{ path: `${LANGUAGE_EDITOR_PATH}/:id`, screen: screen(() => import('./LanguageEditor'), 'LanguageEditor'), action: 'edit' }],
  data: { language: async () => (await import('./data')).language },
} satisfies ResourceManifest;
