import type { AuditLabels } from '../../domain';

/** The audit trail names a bot's columns as the bot form labels them. */
export default {
  bots: {
    city_id: 'resources.bots.fields.cityId',
    bot_token: 'resources.bots.fields.botToken',
  },
} satisfies AuditLabels;
