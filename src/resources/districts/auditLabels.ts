import type { AuditLabels } from '../../domain';

/** The audit trail names a district's columns as the district form labels them. */
export default {
  districts: {
    city_id: 'resources.districts.fields.cityId',
    name: 'resources.districts.fields.name',
    name_ru: 'resources.districts.fields.name_ru',
  },
} satisfies AuditLabels;
