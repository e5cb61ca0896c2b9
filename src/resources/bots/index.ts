import SmartToyIcon from '@mui/icons-material/SmartToy';
import { Role, type Bot } from '../../domain';
import { screen, type ResourceManifest } from '../common/manifest';
import { BOT_CREATE_PATH } from './paths';

export default {
  name: 'bots',
  icon: SmartToyIcon,
  list: screen(() => import('./BotList'), 'BotList'),
  edit: screen(() => import('./BotEdit'), 'BotEdit'),
  // Never the token: it is a secret.
  recordRepresentation: (bot: Bot) => `#${bot.id}`,
  routes: [{ path: BOT_CREATE_PATH, screen: screen(() => import('./BotCreate'), 'BotCreate'), action: 'create' }],
  menu: [{ id: 'bots', path: () => '/bots', places: { [Role.ADMIN]: 20 } }],
  data: {
    bots: async () => (await import('./data')).bots,
    citiesForBots: async () => (await import('./data')).citiesForBots,
  },
} satisfies ResourceManifest;
