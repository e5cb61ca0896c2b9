import { BotForm } from './BotForm';
import { RecordEdit } from '../common/RecordScreens';

/**
 * /bots/{id}. Its own query key (the meta) keeps the list's masked token, which react-admin
 * caches per record, from ever filling the token input: this screen waits for the full one.
 */
export const BotEdit = () => (
  <RecordEdit mutationMode="pessimistic" redirect="list" queryOptions={{ meta: { fullToken: true } }}>
    <BotForm />
  </RecordEdit>
);
