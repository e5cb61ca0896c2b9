import { useListContext } from 'react-admin';
import { CreateAction } from '../common/CreateAction';
import { useSession } from '../common/useSession';
import { districtCreatePath } from './paths';

/** The add button, to the new-district path of the list's city (once there is one). */
export const DistrictActions = ({ cityId }: { cityId?: number }) => {
  const { filterValues } = useListContext();
  const session = useSession();
  const picked: unknown = filterValues.cityId;
  const city = cityId ?? (typeof picked === 'number' ? picked : undefined) ?? session.cityId;
  return <CreateAction to={city ? districtCreatePath(city) : null} />;
};
