import { BotForm } from './BotForm';
import { RecordCreate } from '../common/RecordScreens';

/** /bots/add; once saved, the bot's own screen shows the endpoint to give the messenger. */
export const BotCreate = () => (
  <RecordCreate redirect="edit">
    <BotForm create />
  </RecordCreate>
);
