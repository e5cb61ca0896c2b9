import { CuisineForm } from './CuisineForm';
import { RecordCreate } from '../common/RecordScreens';

export const CuisineCreate = () => (
  <RecordCreate redirect="list">
    <CuisineForm create />
  </RecordCreate>
);
