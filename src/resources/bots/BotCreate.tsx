import { Create } from 'react-admin';
import { BotForm } from './BotForm';

/** /bots/add; once saved, the bot's own screen shows the endpoint to give the messenger. */
export const BotCreate = () => (
  <Create redirect="edit">
    <BotForm create />
  </Create>
);
