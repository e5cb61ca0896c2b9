import type { AuditLabels } from '../../domain';

const field = (name: string) => `resources.referrals.fields.${name}`;

/** The audit trail names a referral link's columns as the referral form labels them. */
export default {
  referral_links: {
    code: field('code'),
    city_id: field('cityId'),
    limit: field('limit'),
    category_id: field('categoryId'),
    restaurant_id: field('restaurantId'),
    valid_until: field('validUntil'),
  },
} satisfies AuditLabels;
