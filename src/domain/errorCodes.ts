/**
 * The codes of the API's errors and their English texts. The server sends `code`, `message`
 * (this text with its arguments filled in) and `args`; the browser shows the text of the code
 * in the user's language (`errors.<code>` in its messages) and falls back to `message`.
 */
export const API_ERROR_MESSAGES_EN = {
  UNAUTHORIZED: 'Authentication required',
  SESSION_INVALID: 'The session has expired or is invalid, please log in again',
  WRONG_CREDENTIALS: 'You provided a wrong password or login',
  TOO_MANY_ATTEMPTS: 'Too many failed logins. Try again in %{seconds} seconds.',
  ROLE_NOT_ALLOWED: 'Couriers and customers cannot log in to the back-office',
  FORBIDDEN: 'You are not allowed to do this',
  CITY_NOT_YOURS: 'You can only change the data of your own city',
  MENU_NOT_YOURS: 'You can only change the menu of your own restaurant or city',
  CONFIG_KEYS_REFUSED: 'Your role may not change %{keys}',
  NOT_FOUND: 'Not found',
  CITY_NOT_FOUND: 'City not found',
  DISTRICT_NOT_FOUND: 'District not found',
  TAG_NOT_FOUND: 'Tag not found',
  CUISINE_NOT_FOUND: 'Cuisine not found',
  DISH_CATEGORY_NOT_FOUND: 'Dish category not found',
  DISH_NOT_FOUND: 'Dish not found',
  BOT_NOT_FOUND: 'Bot not found',
  PHOTO_NOT_FOUND: 'Photo not found',
  VALIDATION_ERROR: '%{summary}',
  BAD_REQUEST: 'The request is not valid',
  NOTHING_TO_CHANGE: 'The request names no field to change',
  NOT_AN_IMAGE: '%{file} is not an image (JPEG, PNG, GIF or WebP)',
  PHOTO_TOO_LARGE: 'A photo may be at most %{megabytes} MB',
  CONFLICT: 'The record conflicts with another one',
  CITY_IN_USE: '%{name} cannot be deleted: it still has %{used}. Move or delete them first.',
  DISTRICT_IN_USE: 'District "%{name}" cannot be deleted: it is still used by %{used}. Remove those references first.',
  CUISINE_IN_USE: 'Cuisine "%{name}" cannot be deleted: it is still used by %{used}. Remove it from them first.',
  DISH_CATEGORY_HAS_DISHES: 'Category "%{name}" cannot be deleted: it still has %{count} dishes. Delete them with it, or move them first.',
  CITY_MOVE_IN_USE: '%{what} "%{name}" cannot move to another city: it is still used by %{used}.',
  BOT_TOKEN_TAKEN: 'This bot token is already used by bot #%{id}.',
  CITY_HAS_BOT: '%{city} already has a bot (#%{id}): a city talks to its customers through one bot.',
  DUPLICATE: 'A record with these values already exists',
  INTERNAL_ERROR: 'Something went wrong on the server',
  RESTAURANT_NOT_FOUND: 'Restaurant not found',
  RESTAURANT_FIELD_REFUSED: 'Your role may not change %{field}',
  FST_KEY_IS_MISSING: 'The district price is missing for %{district}',
  FST_NOTIFICATION_ACCOUNT_NOT_FOUND: 'No messenger user with the id %{telegramId}',
  ORDER_NOT_FOUND: 'Order not found',
  ORDER_STATUS_MOVE_REFUSED: 'The order is already at status %{current} and cannot move to %{next}',
  ORDER_DEBUG_ADMIN_ONLY: 'Only admins may move orders in debug mode',
  ORDER_CHAT_NO_NOTIFICATION_ACCOUNT:
    "%{restaurant} has no notification account in the messenger, so the message cannot reach it: set one on the restaurant's page",
  COURIER_NOT_FOUND: 'No courier with the id %{id} works in this city',
  CUSTOMER_NOT_FOUND: 'Customer not found',
  REFERRAL_LINK_NOT_FOUND: 'Referral link not found',
  REFERRAL_CODE_TAKEN: 'The referral code %{code} is already taken',
  REVIEW_NOT_FOUND: 'Review not found',
  REVIEW_ALREADY_PUBLISHED: 'The review is already published',
  REVIEW_NOT_PUBLISHED: 'Only a published review can be answered',
  REVIEW_ANSWER_LOCKED: 'The review already has an answer',
  AD_NOT_FOUND: 'Advertisement not found',
  AD_TIMEOUT: 'Your restaurant may post its next ad in %{minutes} min (%{seconds} s)',
  AD_NO_CHAT: '%{city} has no ad chat (adChatId) yet',
  AD_CONTENT_LOCKED: 'The ad is already published: only its unpublish time can change',
  AD_FINISHED: 'The ad is finished and can no longer change',
  NOT_A_VIDEO: '%{file} is not a video (MP4)',
  VIDEO_TOO_LARGE: 'A video may be at most %{megabytes} MB',
  AD_BUSY: 'The ad is being posted or removed right now: try again in a minute',
  MAILING_NOT_FOUND: 'Mailing not found',
  MAILING_NOT_STOPPABLE: 'The mailing is already over and cannot be stopped',
  MAILING_NO_RECIPIENTS: 'No customer of %{city} has been active since then: the mailing would reach no one',
  MAILING_BUTTON_RESTAURANT: 'The button names restaurant %{id}, which is not a restaurant of %{city}',
  MAILING_BUTTON_NO_LINK: '%{city} has no bot chat name yet, so a restaurant button has no link to open',
  MAILING_TEST_REFUSED: 'The messenger refused the test message: %{reason}',
  MESSENGER_UNAVAILABLE: 'The messenger did not take the message (%{reason}). Try again in a moment.',
  LIVE_STREAMS_FULL: 'The server has as many live streams open as it may serve. Try again in %{seconds} seconds.',
  STATS_RANGE_TOO_LONG: 'A statistics range may span at most %{days} days',
  STATS_RANGE_REVERSED: 'The start date %{from} comes after the end date %{to}',
  STAFF_NOT_FOUND: 'Staff account not found',
  STAFF_ROLE_REFUSED: 'Your role may not give this role, nor manage an account that has it',
  STAFF_OWN_ROLE: 'You cannot change your own role',
  STAFF_SELF_DELETE: 'You cannot delete your own account',
  USERNAME_TAKEN: 'The username %{username} is already taken',
  TELEGRAM_ID_TAKEN: 'The messenger id %{telegramId} already belongs to another account',
  DATABASE_UNAVAILABLE: 'The database cannot be reached right now. Try again in a few seconds.',
} as const;

export type ApiErrorCode = keyof typeof API_ERROR_MESSAGES_EN;
export type ErrorArgs = Record<string, string | number>;

/** The English text of a code with its arguments. */
export const apiErrorMessage = (code: ApiErrorCode, args: ErrorArgs = {}): string =>
  API_ERROR_MESSAGES_EN[code].replace(/%\{(\w+)\}/g, (_, name: string) => String(args[name] ?? ''));

export const isApiErrorCode = (code: unknown): code is ApiErrorCode =>
  typeof code === 'string' && Object.hasOwn(API_ERROR_MESSAGES_EN, code);
