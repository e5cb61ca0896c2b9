import { Edit } from 'react-admin';
import { DistrictForm } from './DistrictForm';
import { backToCityDistricts } from './paths';

/** /city/{cityId}/district/{id} (and react-admin's /districts/{id}): back to the city's list on save. */
export const DistrictEdit = () => (
  <Edit mutationMode="pessimistic" redirect={backToCityDistricts}>
    <DistrictForm />
  </Edit>
);
