import type { AuditLabels } from '../../domain';

const field = (name: string) => `resources.cuisines.fields.${name}`;

/** The audit trail names a cuisine's columns as the cuisine form labels them. */
export default {
  cuisines: {
    city_id: field('cityId'),
    name: field('name'),
    name_ru: field('name_ru'),
    position: field('position'),
    enabled: field('enabled'),
  },
} satisfies AuditLabels;
