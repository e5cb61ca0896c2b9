import { z } from 'zod';
import { optionalText, updateOf } from './validation';

/**
 * The settings of the whole service that live in the database (admins fill them in on
 * /settings). Each is used by the server; a missing one is announced to admins at login.
 */
export const GLOBAL_SETTING_KEYS = ['publicUrl', 'webhookSecret'] as const;
export type GlobalSettingKey = (typeof GLOBAL_SETTING_KEYS)[number];
export type GlobalSettings = Partial<Record<GlobalSettingKey, string>>;

export const globalSettingsSchema = z.strictObject({
  /** The address the messenger reaches this server at: the bots' webhooks hang under it. */
  publicUrl: optionalText({ lessThan: 512, pattern: { regex: /^https?:\/\/[^\s/]+(\/[^\s]*)?$/, key: 'url' } }),
  /** Sent by the messenger with every webhook call, so that nobody else can post updates. */
  webhookSecret: optionalText({ minLength: 16, lessThan: 257, pattern: { regex: /^[A-Za-z0-9_-]+$/, key: 'secret' } }),
});
export const globalSettingsUpdateSchema = updateOf(globalSettingsSchema);
export const globalSettingsRecord = z.object({ publicUrl: z.string(), webhookSecret: z.string() });

export const missingGlobalSettings = (settings: GlobalSettings): GlobalSettingKey[] => GLOBAL_SETTING_KEYS.filter((key) => !settings[key]);
