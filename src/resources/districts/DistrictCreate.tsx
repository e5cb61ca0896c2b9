import { Create } from 'react-admin';
import { NotFound } from '../../layout/NotFound';
import { DistrictForm } from './DistrictForm';
import { cityDistrictsPath } from './paths';
import { useCityIdParam } from './useCityIdParam';

/** /city/{cityId}/district: a new district of the city in the path, then back to its list. */
export const DistrictCreate = () => {
  const cityId = useCityIdParam();
  if (cityId === null) return <NotFound />;
  return (
    <Create redirect={() => cityDistrictsPath(cityId)} record={{ cityId }}>
      <DistrictForm create />
    </Create>
  );
};
