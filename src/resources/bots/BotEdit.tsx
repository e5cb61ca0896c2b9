import { Edit } from 'react-admin';
import { BotForm } from './BotForm';

/**
 * /bots/{id}. Its own query key (the meta) keeps the list's masked token, which react-admin
 * caches per record, from ever filling the token input: this screen waits for the full one.
 */
export const BotEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" queryOptions={{ meta: { fullToken: true } }}>
    <BotForm />
  </Edit>
);
