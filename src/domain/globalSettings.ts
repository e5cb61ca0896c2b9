import { z } from 'zod';
import { STAFF_ROLES } from './roles';
import { optionalText, updateOf } from './validation';
import { problem } from './validationMessages';

/**
 * The settings of the whole service that live in the database (admins fill them in on
 * /settings). Each is used by the server; a missing one is announced to admins at login.
 */
export const GLOBAL_SETTING_KEYS = ['publicUrl', 'webhookSecret', 'secondFactorRoles'] as const;
/** The settings a service cannot run without; the others may stay empty. */
export const REQUIRED_GLOBAL_SETTING_KEYS = ['publicUrl', 'webhookSecret'] as const;
export type GlobalSettingKey = (typeof GLOBAL_SETTING_KEYS)[number];
export type GlobalSettings = Partial<Record<GlobalSettingKey, string>>;

export const globalSettingsSchema = z.strictObject({
  /** The address the messenger reaches this server at: the bots' webhooks hang under it. */
  publicUrl: optionalText({ lessThan: 512, pattern: { regex: /^https?:\/\/[^\s/]+(\/[^\s]*)?$/, key: 'url' } }),
  /** Sent by the messenger with every webhook call, so that nobody else can post updates. */
  webhookSecret: optionalText({ minLength: 16, lessThan: 257, pattern: { regex: /^[A-Za-z0-9_-]+$/, key: 'secret' } }),
  /** The staff roles that must sign in with a second factor (stored as "10,30"); none by default. */
  secondFactorRoles: z
    .array(
      z
        .number({ error: problem('id').key })
        .refine((role) => (STAFF_ROLES as readonly number[]).includes(role), { error: problem('id').key }),
      {
        error: problem('list').key,
      },
    )
    .max(STAFF_ROLES.length, { error: problem('list').key }),
});
export const globalSettingsUpdateSchema = updateOf(globalSettingsSchema);
export const globalSettingsRecord = z.object({ publicUrl: z.string(), webhookSecret: z.string(), secondFactorRoles: z.array(z.number()) });

export const missingGlobalSettings = (settings: GlobalSettings): GlobalSettingKey[] =>
  REQUIRED_GLOBAL_SETTING_KEYS.filter((key) => !settings[key]);
