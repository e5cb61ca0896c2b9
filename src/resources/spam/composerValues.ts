import { format, subDays } from 'date-fns';
import { z } from 'zod';
import {
  LOCALES,
  MAILING_BUTTON_POSITIONS,
  MAILING_BUTTON_TYPES,
  type MailingAudienceInput,
  type MailingButtonInput,
  type MailingCreateInput,
  type MailingTestInput,
} from '../../domain';
import { localDayBoundary } from '../orders/orderQuery';

/** What the composer holds: the API's fields, the last-active date as a day of the user's calendar. */
export interface ComposerValues {
  lastActiveDate: string;
  text: string;
  photoId: string;
  bindedButton: Required<Pick<MailingButtonInput, 'enabled' | 'type' | 'position'>> & { text: string; value: string };
  recipientId: string;
  audience: AudienceValues;
}

/** The audience filters as their inputs hold them: an empty number field is null. */
export interface AudienceValues {
  orderedWithinDays: number | null;
  restaurantIds: number[];
  neverOrdered: boolean;
  minOrders: number | null;
  languages: string[];
}

const noFilters: AudienceValues = { orderedWithinDays: null, restaurantIds: [], neverOrdered: false, minOrders: null, languages: [] };

/** How far back the audience reaches at first: a month of activity. */
const DEFAULT_ACTIVE_DAYS = 30;

const buttonOff: ComposerValues['bindedButton'] = { enabled: false, type: 'url', position: 'inline', text: '', value: '' };

/** Today in the user's calendar, as a date input holds it. */
export const today = (now = new Date()) => format(now, 'yyyy-MM-dd');

export const composerDefaults = (now = new Date()): ComposerValues => ({
  lastActiveDate: format(subDays(now, DEFAULT_ACTIVE_DAYS), 'yyyy-MM-dd'),
  text: '',
  photoId: '',
  bindedButton: buttonOff,
  recipientId: '',
  audience: noFilters,
});

const text = z.string().catch('');
const count = z.number().nullable().catch(null);
const composerShape = z.object({
  audience: z
    .object({
      orderedWithinDays: count,
      restaurantIds: z.array(z.coerce.number()).catch([]),
      neverOrdered: z.boolean().catch(false),
      minOrders: count,
      languages: z.array(z.string()).catch([]),
    })
    .catch(noFilters),
  lastActiveDate: text,
  text,
  photoId: text,
  recipientId: text,
  bindedButton: z
    .object({
      enabled: z.boolean().catch(false),
      type: z.enum(MAILING_BUTTON_TYPES).catch('url'),
      position: z.enum(MAILING_BUTTON_POSITIONS).catch('inline'),
      text,
      value: text,
    })
    .catch(buttonOff),
});

/** The form's values as the composer's fields (a field the form has not set yet is empty). */
export const readComposer = (values: unknown): ComposerValues => composerShape.parse(values);

/** The day as the user means it: from their own midnight (the API reads a bare day in UTC). */
export const sinceOf = (day: string): string | null => (day ? localDayBoundary(day, false) : null);

/** The filters as POST /spam takes them: what is empty is left out (src/domain/mailingAudience.ts checks the rest). */
export const audienceBody = (audience: AudienceValues): MailingAudienceInput => ({
  ...(audience.orderedWithinDays === null ? {} : { orderedWithinDays: audience.orderedWithinDays }),
  ...(audience.restaurantIds.length > 0 ? { restaurantIds: audience.restaurantIds } : {}),
  ...(audience.neverOrdered ? { neverOrdered: true } : {}),
  ...(audience.minOrders === null ? {} : { minOrders: audience.minOrders }),
  ...(audience.languages.length > 0 ? { languages: LOCALES.filter((locale) => audience.languages.includes(locale)) } : {}),
});

/** POST /spam's body; a button switched off is not sent. */
export const createBody = (values: ComposerValues, cityId: number): MailingCreateInput => ({
  cityId,
  text: values.text,
  photoId: values.photoId || null,
  lastActiveDate: sinceOf(values.lastActiveDate),
  audience: audienceBody(values.audience),
  bindedButton: values.bindedButton.enabled ? values.bindedButton : null,
});

/** POST /spam/sendTestMessage's body: the same message, to one recipient. */
export const testBody = (values: ComposerValues, cityId: number): MailingTestInput => {
  const { lastActiveDate: _since, audience: _audience, ...message } = createBody(values, cityId);
  return { ...message, recipientId: values.recipientId.trim() };
};
