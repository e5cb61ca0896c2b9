import { Edit } from 'react-admin';
import { DistrictForm } from './DistrictForm';
import { cityDistrictsPath } from './paths';

/** /city/{cityId}/district/{id} (and react-admin's /districts/{id}): back to the city's list on save. */
export const DistrictEdit = () => (
  <Edit
    mutationMode="pessimistic"
    redirect={(_resource, _id, data) => (typeof data?.cityId === 'number' ? cityDistrictsPath(data.cityId) : '/districts')}
  >
    <DistrictForm />
  </Edit>
);
