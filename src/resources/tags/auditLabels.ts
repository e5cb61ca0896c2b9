import type { AuditLabels } from '../../domain';

/** The audit trail names a tag's columns as the tag form labels them. */
export default {
  tags: {
    city_id: 'resources.tags.fields.cityId',
    name: 'resources.tags.fields.name',
    name_ru: 'resources.tags.fields.name_ru',
  },
} satisfies AuditLabels;
