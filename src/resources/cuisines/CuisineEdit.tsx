import { Edit } from 'react-admin';
import { CuisineForm } from './CuisineForm';

export const CuisineEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <CuisineForm />
  </Edit>
);
