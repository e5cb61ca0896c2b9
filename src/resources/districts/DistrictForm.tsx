import { SimpleForm, TextInput } from 'react-admin';
import { districtSchema, formValidator } from '../../domain';
import { DistrictToolbar } from './DistrictToolbar';

const validate = formValidator(districtSchema);

/** name and name_ru; the city is the one in the path, never asked for. */
export const DistrictForm = ({ create = false }: { create?: boolean }) => (
  <SimpleForm validate={validate} mode="onChange" toolbar={<DistrictToolbar create={create} />}>
    <TextInput source="name" fullWidth />
    <TextInput source="name_ru" fullWidth />
  </SimpleForm>
);
