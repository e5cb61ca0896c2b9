import { RestaurantForm } from './RestaurantForm';
import { restaurantEditPath } from './paths';
import { RecordCreate } from '../common/RecordScreens';

export const RestaurantCreate = () => (
  <RecordCreate resource="restaurants" redirect={(_resource, id) => restaurantEditPath(id ?? '')} mutationOptions={{ meta: {} }}>
    <RestaurantForm create />
  </RecordCreate>
);
