import { DistrictForm } from './DistrictForm';
import { backToCityDistricts } from './paths';
import { RecordEdit } from '../common/RecordScreens';

/** /city/{cityId}/district/{id} (and react-admin's /districts/{id}): back to the city's list on save. */
export const DistrictEdit = () => (
  <RecordEdit mutationMode="pessimistic" redirect={backToCityDistricts}>
    <DistrictForm />
  </RecordEdit>
);
