import { CannedReplyForm } from './CannedReplyForm';
import { RecordCreate } from '../common/RecordScreens';

export const CannedReplyCreate = () => (
  <RecordCreate redirect="list">
    <CannedReplyForm create />
  </RecordCreate>
);
