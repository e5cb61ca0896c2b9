import { useRecordContext } from 'react-admin';
import { botSchema, formValidator } from '../../domain';
import { FormToolbar } from '../common/FormToolbar';
import { BotCityInput } from './BotCityInput';
import { BotEndpoint } from './BotEndpoint';
import { BotTokenInput } from './BotTokenInput';
import type { Bot } from '../../domain';
import { RecordForm } from '../common/RecordForm';

const validate = formValidator(botSchema);

/** The bot's token and city; a saved bot also shows its endpoint and can be deleted. */
export const BotForm = ({ create = false }: { create?: boolean }) => {
  const bot = useRecordContext<Bot>();
  return (
    <RecordForm validate={validate} mode="onChange" toolbar={<FormToolbar deletable={!create} />}>
      {create ? null : <BotEndpoint />}
      <BotTokenInput />
      <BotCityInput botId={create ? undefined : bot?.id} />
    </RecordForm>
  );
};
