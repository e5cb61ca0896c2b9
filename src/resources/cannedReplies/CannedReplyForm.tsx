import { Typography } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';
import { CANNED_VARIABLES, cannedReplySchema, formValidator } from '../../domain';
import { CityInput } from '../common/CityInputs';
import { FormToolbar } from '../common/FormToolbar';
import { useSession } from '../common/useSession';
import { RecordForm } from '../common/RecordForm';

const validate = formValidator(cannedReplySchema);

/** The title and the texts per customer language; the city only when an admin creates a reply. */
export const CannedReplyForm = ({ create = false }: { create?: boolean }) => {
  const translate = useTranslate();
  const { allCities, cityId } = useSession();
  return (
    <RecordForm
      validate={validate}
      mode="onChange"
      defaultValues={create && !allCities ? { cityId } : undefined}
      toolbar={<FormToolbar deletable={!create} />}
    >
      {create && allCities ? <CityInput /> : null}
      <TextInput source="title" isRequired fullWidth />
      <TextInput source="text" isRequired fullWidth multiline minRows={3} />
      <TextInput source="text_ru" fullWidth multiline minRows={2} />
      <TextInput source="text_es" fullWidth multiline minRows={2} />
      <Typography variant="caption" color="text.secondary" data-testid="canned-variables">
        {translate('resources.cannedReplies.variablesHelp', { variables: CANNED_VARIABLES.map((name) => `{${name}}`).join(' ') })}
      </Typography>
    </RecordForm>
  );
};
