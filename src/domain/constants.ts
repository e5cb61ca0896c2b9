/** Business constants of spec section 9. */
export const LOCALES = ['en', 'ru', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** Below this width the menu becomes a sidebar opened from a button. */
export const NARROW_VIEWPORT_PX = 768;

export const MAILING_REFRESH_MS = 60_000;
export const CHAT_REFRESH_MS = 60_000;
export const TRANSLATION_RELOAD_MS = 10_000;
export const TRANSLATION_RELOAD_FALLBACK_MS = 15_000;
export const PHOTO_LINK_DEBOUNCE_MS = 1000;
export const IMAGE_PREVIEW_MAX_HEIGHT_PX = 350;
export const SETTINGS_TOAST_MS = 20_000;

export const THREAD_ID_LENGTH = 9;
export const ADS_MAX_LENGTH = 800;
export const AD_TEXT_LIMIT = 1024;
export const MAX_DISH_TAGS = 2;
export const MAILING_MIN_TEXT = 10;
export const STATS_MAX_RANGE_DAYS = 365;
export const STATS_DEFAULT_RANGE_DAYS = 7;
export const TOP_USERS_DEFAULT_DAYS = 7;
export const COOKING_TIME_OPTIONS = [15, 20, 30, 45, 60, 90, 120] as const;
export const EXTRA_COOKING_OPTIONS = [60, 75, 90, 120, '<60'] as const;
export const COURIER_ARRIVAL_OPTIONS = [0, 10, 15, 20, 30] as const;
export const MAX_BOT_SCREEN_BUTTONS = 14;
export const BOT_COMMANDS = ['/lang', '/start'] as const;
export const WORKING_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
