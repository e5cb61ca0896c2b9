import type { AuditLabels } from '../../domain';

const field = (name: string) => `resources.cannedReplies.fields.${name}`;

/** The audit trail names a canned reply's columns as its form labels them. */
export default {
  canned_replies: {
    city_id: field('cityId'),
    restaurant_id: field('restaurantId'),
    title: field('title'),
    text: field('text'),
    text_ru: field('text_ru'),
    text_es: field('text_es'),
    uses: field('uses'),
  },
} satisfies AuditLabels;
