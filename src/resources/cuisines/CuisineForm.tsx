import { BooleanInput, NumberInput, TextInput } from 'react-admin';
import { cuisineSchema, formValidator } from '../../domain';
import { CityInput } from '../common/CityInputs';
import { FormToolbar } from '../common/FormToolbar';
import { useSession } from '../common/useSession';
import { RecordForm } from '../common/RecordForm';

const validate = formValidator(cuisineSchema);

/** name, name_ru, position and enabled; the city only when an admin creates a cuisine. */
export const CuisineForm = ({ create = false }: { create?: boolean }) => {
  const { allCities, cityId } = useSession();
  return (
    <RecordForm
      validate={validate}
      mode="onChange"
      defaultValues={create ? { enabled: true, ...(allCities ? {} : { cityId }) } : undefined}
      toolbar={<FormToolbar deletable={!create} />}
    >
      {create && allCities ? <CityInput /> : null}
      <TextInput source="name" isRequired fullWidth />
      <TextInput source="name_ru" fullWidth />
      <NumberInput source="position" step={1} min={0} />
      <BooleanInput source="enabled" />
    </RecordForm>
  );
};
