import type { AuditLabels } from '../../domain';

const field = (name: string) => `resources.ads.fields.${name}`;

/** The audit trail names an ad's columns as the ad form labels them. */
export default {
  advertisements: {
    restaurant_id: field('restaurantId'),
    text: field('text'),
    telegram_chat_id: 'resources.ads.chat.label',
    telegram_file_ids: field('telegramFileIds'),
    video_file_id: field('videoFileId'),
    publish_timestamp: field('publishTimestamp'),
    unpublish_timestamp: field('unpublishTimestamp'),
    status: field('status'),
    last_error: field('error'),
  },
} satisfies AuditLabels;
