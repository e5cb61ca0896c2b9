import { CityScopedList } from '../common/CityScopedList';
import { DistrictActions } from './DistrictActions';
import { DistrictRows } from './DistrictRows';

/** react-admin's own /districts: an admin picks the city, everyone else sees their own. */
export const DistrictList = () => {
  return (
    <CityScopedList actions={<DistrictActions />} sort={{ field: 'name', order: 'ASC' }}>
      <DistrictRows />
    </CityScopedList>
  );
};
