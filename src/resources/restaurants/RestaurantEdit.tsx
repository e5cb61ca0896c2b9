import { RestaurantForm } from './RestaurantForm';
import { RecordEdit } from '../common/RecordScreens';

export const RestaurantEdit = () => (
  <RecordEdit resource="restaurants" mutationMode="pessimistic" redirect={false}>
    <RestaurantForm />
  </RecordEdit>
);
