import type { AuditLabels } from '../../domain';

/** The audit trail names a review's columns as the review cards label them. */
export default {
  reviews: {
    rating: 'resources.reviews.fields.rating',
    answer: 'resources.reviews.answer.label',
    telegram_file_id: 'resources.reviews.card.photo',
  },
} satisfies AuditLabels;
