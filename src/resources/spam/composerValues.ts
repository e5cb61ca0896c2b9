import { format, subDays } from 'date-fns';
import { z } from 'zod';
import {
  MAILING_BUTTON_POSITIONS,
  MAILING_BUTTON_TYPES,
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
}

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
});

const text = z.string().catch('');
const composerShape = z.object({
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

/** POST /spam's body; a button switched off is not sent. */
export const createBody = (values: ComposerValues, cityId: number): MailingCreateInput => ({
  cityId,
  text: values.text,
  photoId: values.photoId || null,
  lastActiveDate: sinceOf(values.lastActiveDate),
  bindedButton: values.bindedButton.enabled ? values.bindedButton : null,
});

/** POST /spam/sendTestMessage's body: the same message, to one recipient. */
export const testBody = (values: ComposerValues, cityId: number): MailingTestInput => {
  const { lastActiveDate: _audience, ...message } = createBody(values, cityId);
  return { ...message, recipientId: values.recipientId.trim() };
};
