import { Create } from 'react-admin';
import { RestaurantForm } from './RestaurantForm';
import { restaurantEditPath } from './paths';

export const RestaurantCreate = () => (
  <Create resource="restaurants" redirect={(_resource, id) => restaurantEditPath(id ?? '')} mutationOptions={{ meta: {} }}>
    <RestaurantForm create />
  </Create>
);
