import { TagForm } from './TagForm';
import { RecordEdit } from '../common/RecordScreens';

export const TagEdit = () => (
  <RecordEdit mutationMode="pessimistic" redirect="list">
    <TagForm />
  </RecordEdit>
);
