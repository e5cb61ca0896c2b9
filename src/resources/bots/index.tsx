import SmartToyIcon from '@mui/icons-material/SmartToy';
import { resourceRoute } from '../common/routes';
import { BotCreate } from './BotCreate';
import { BotEdit } from './BotEdit';
import { BotList } from './BotList';
import { BOT_CREATE_PATH, type Bot } from './paths';

export default {
  name: 'bots',
  list: BotList,
  edit: BotEdit,
  icon: SmartToyIcon,
  // Never the token: it is a secret.
  recordRepresentation: (bot: Bot) => `#${bot.id}`,
};

/** The spec's paths react-admin does not make itself. */
export const botRoutes = [resourceRoute(BOT_CREATE_PATH, 'bots', <BotCreate />)];
