import { Box, Button } from '@mui/material';
import { DeleteWithConfirmButton, useTranslate } from 'react-admin';
import type { Review } from '../../domain';
import { useSession } from '../common/useSession';
import { useReviewStep, type ReviewStep } from './useReviewStep';

/**
 * The buttons of a review's lifecycle (spec section 4): an unpublished review is approved, an
 * approved one published; delete at any stage after a confirmation, for every role but owners.
 * Answering is the answer box's.
 */
export const ReviewActions = ({ review }: { review: Review }) => {
  const translate = useTranslate();
  const { can } = useSession();
  const { run, isPending } = useReviewStep(review);
  const canEdit = can('reviews', 'edit');
  const canDelete = can('reviews', 'delete');
  const step: { label: string; data: ReviewStep; done: string } | null =
    !canEdit || (review.state !== 'unpublished' && review.state !== 'approved')
      ? null
      : review.state === 'unpublished'
        ? { label: 'resources.reviews.actions.approve', data: {}, done: 'resources.reviews.actions.approved' }
        : { label: 'resources.reviews.actions.publish', data: { publish: true }, done: 'resources.reviews.actions.published' };
  if (!step && !canDelete) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      {step ? (
        <Button variant="contained" size="small" disabled={isPending} onClick={() => void run(step.data, step.done)}>
          {translate(step.label)}
        </Button>
      ) : null}
      {canDelete ? (
        <DeleteWithConfirmButton
          record={review}
          resource="reviews"
          redirect={false}
          mutationMode="pessimistic"
          label="ra.action.delete"
          confirmTitle="resources.reviews.delete.title"
          confirmContent="resources.reviews.delete.content"
          translateOptions={{ threadId: review.order.threadId }}
          size="small"
        />
      ) : null}
    </Box>
  );
};
