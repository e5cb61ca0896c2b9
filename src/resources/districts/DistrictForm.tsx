import { TextInput } from 'react-admin';
import { districtSchema, formValidator } from '../../domain';
import { FormToolbar } from '../common/FormToolbar';
import { backToCityDistricts } from './paths';
import { RecordForm } from '../common/RecordForm';

const validate = formValidator(districtSchema);

/** name and name_ru; the city is the one in the path, never asked for. */
export const DistrictForm = ({ create = false }: { create?: boolean }) => (
  <RecordForm validate={validate} mode="onChange" toolbar={<FormToolbar deletable={!create} deleteRedirect={backToCityDistricts} />}>
    <TextInput source="name" isRequired fullWidth />
    <TextInput source="name_ru" fullWidth />
  </RecordForm>
);
