import { Create } from 'react-admin';
import { CuisineForm } from './CuisineForm';

export const CuisineCreate = () => (
  <Create redirect="list">
    <CuisineForm create />
  </Create>
);
