import type { AuditLabels } from '../../domain';

/** The audit trail names a mailing's columns as the mailing screen labels them. */
export default {
  mailings: {
    city_id: 'resources.spam.recipients.cityId',
    text: 'resources.spam.composer.text',
    photo_id: 'resources.spam.composer.photo',
    last_active_date: 'resources.spam.recipients.lastActiveDate',
    audience: 'resources.spam.audience.title',
    'config.bindedButton': 'resources.spam.composer.button.title',
    position: 'resources.spam.list.progress',
  },
} satisfies AuditLabels;
