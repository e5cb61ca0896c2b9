import type { Locale } from '../../domain';

export const LANGUAGE_EDITOR_PATH = '/language';

/** The editor of one language's texts. */
export const languageEditorPath = (locale: Locale): string => `${LANGUAGE_EDITOR_PATH}/${locale}`;
