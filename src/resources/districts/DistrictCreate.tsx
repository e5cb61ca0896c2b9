import { NotFound } from '../../layout/NotFound';
import { DistrictForm } from './DistrictForm';
import { cityDistrictsPath } from './paths';
import { useCityIdParam } from './useCityIdParam';
import { RecordCreate } from '../common/RecordScreens';

/** /city/{cityId}/district: a new district of the city in the path, then back to its list. */
export const DistrictCreate = () => {
  const cityId = useCityIdParam();
  if (cityId === null) return <NotFound />;
  return (
    <RecordCreate redirect={() => cityDistrictsPath(cityId)} record={{ cityId }}>
      <DistrictForm create />
    </RecordCreate>
  );
};
