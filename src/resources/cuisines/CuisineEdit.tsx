import { CuisineForm } from './CuisineForm';
import { RecordEdit } from '../common/RecordScreens';

export const CuisineEdit = () => (
  <RecordEdit mutationMode="pessimistic" redirect="list">
    <CuisineForm />
  </RecordEdit>
);
