import { useNotify, useRefresh, useUpdate } from 'react-admin';
import type { Review } from '../../domain';

/** One lifecycle step: `{}` approves, `{publish: true}` publishes, `{answer}` answers (PUT `{text}`). */
export interface ReviewStep {
  publish?: true;
  answer?: string | null;
}

/**
 * Runs one lifecycle step of a review and shows how it went. The card takes the review the
 * server answers; a refusal (409: published meanwhile, already answered) is said in the user's
 * language, and the list is read again to show where the review now stands.
 */
export function useReviewStep(review: Review) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate<Review & ReviewStep>();
  const run = (step: ReviewStep, done: string, onDone?: () => void) =>
    update(
      'reviews',
      { id: review.id, data: step, previousData: review },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(done, { type: 'info' });
          onDone?.();
        },
        onError: (error) => {
          notify(error instanceof Error ? error.message : String(error), { type: 'error' });
          refresh();
        },
      },
    );
  return { run, isPending };
}
