import { API_PATHS, fillPath, type Locale } from '../../domain';
import type { LanguageRecord } from '../../domain/language';
import { sendJson } from '../../providers/rest';

/** POST /language/checkout-locale/{id}: back to the shipped texts. */
export const restoreLanguage = (locale: Locale): Promise<LanguageRecord> =>
  sendJson<LanguageRecord>('POST', fillPath(API_PATHS.language.checkout, { id: locale }));
