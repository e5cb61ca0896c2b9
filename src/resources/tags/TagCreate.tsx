import { TagForm } from './TagForm';
import { RecordCreate } from '../common/RecordScreens';

export const TagCreate = () => (
  <RecordCreate redirect="list">
    <TagForm create />
  </RecordCreate>
);
