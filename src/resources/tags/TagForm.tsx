import { TextInput } from 'react-admin';
import { formValidator, tagSchema } from '../../domain';
import { CityInput } from '../common/CityInputs';
import { FormToolbar } from '../common/FormToolbar';
import { useSession } from '../common/useSession';
import { RecordForm } from '../common/RecordForm';

const validate = formValidator(tagSchema);

/** name and name_ru; the city only when an admin creates a tag. */
export const TagForm = ({ create = false }: { create?: boolean }) => {
  const { allCities, cityId } = useSession();
  return (
    <RecordForm
      validate={validate}
      mode="onChange"
      defaultValues={create && !allCities ? { cityId } : undefined}
      toolbar={<FormToolbar deletable={!create} />}
    >
      {create && allCities ? <CityInput /> : null}
      <TextInput source="name" isRequired fullWidth />
      <TextInput source="name_ru" fullWidth />
    </RecordForm>
  );
};
