import { Edit } from 'react-admin';
import { RestaurantForm } from './RestaurantForm';

export const RestaurantEdit = () => (
  <Edit resource="restaurants" mutationMode="pessimistic" redirect={false}>
    <RestaurantForm />
  </Edit>
);
