import { CannedReplyForm } from './CannedReplyForm';
import { RecordEdit } from '../common/RecordScreens';

export const CannedReplyEdit = () => (
  <RecordEdit mutationMode="pessimistic" redirect="list">
    <CannedReplyForm />
  </RecordEdit>
);
