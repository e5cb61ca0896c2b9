import { z } from 'zod';
import { LOCALES, type Locale } from './constants';
import { MESSAGE_MAX_LENGTH } from './orders';
import { id, optionalText, requiredText, updateOf } from './validation';

/**
 * Canned replies: ready answers an order chat inserts with the order's facts filled in. A
 * reply has a text in the default language and one per further customer language (the bot
 * speaks en, ru and es); the chat picks the customer's and falls back to the default text.
 */
const replyText = () => optionalText({ lessThan: MESSAGE_MAX_LENGTH + 1 });

export const cannedReplySchema = z.strictObject({
  cityId: id(),
  title: requiredText({ lessThan: 129 }),
  text: requiredText({ lessThan: MESSAGE_MAX_LENGTH + 1 }),
  text_ru: replyText(),
  text_es: replyText(),
});
export const cannedReplyUpdateSchema = updateOf(cannedReplySchema);
export type CannedReplyInput = z.infer<typeof cannedReplySchema>;

export const cannedReplyRecord = z.object({
  id: z.number().int(),
  cityId: z.number().int(),
  city: z.object({ id: z.number().int(), name: z.string() }),
  /** Set on an owner's own reply: only that restaurant's owner (and the city's managers) see it. */
  restaurantId: z.number().int().nullable(),
  title: z.string(),
  text: z.string(),
  text_ru: z.string(),
  text_es: z.string(),
  uses: z.number().int(),
  createdAt: z.string(),
});
export type CannedReply = z.infer<typeof cannedReplyRecord>;

/** What an order's chat needs to offer replies: the replies it may use, the customer's language and the order's ETA. */
export const orderCannedRepliesRecord = z.object({
  customerLanguage: z.enum(LOCALES),
  /** The order's expected time, when it has one. */
  eta: z.string().nullable(),
  replies: z.array(cannedReplyRecord),
});
export type OrderCannedReplies = z.infer<typeof orderCannedRepliesRecord>;

/** The variables a reply may name, `{order}` and so on. */
export const CANNED_VARIABLES = ['order', 'customer', 'restaurant', 'total', 'status', 'eta'] as const;
export type CannedVariable = (typeof CANNED_VARIABLES)[number];
export type CannedValues = Readonly<Record<CannedVariable, string | null | undefined>>;

const isVariable = (name: string): name is CannedVariable => (CANNED_VARIABLES as readonly string[]).includes(name);
const PLACEHOLDER = /\{(\w+)\}/g;

/** The reply's text in the customer's language, or its default text when that one is empty. */
export const replyTextFor = (reply: Pick<CannedReply, 'text' | 'text_ru' | 'text_es'>, language: Locale): string => {
  const translated = language === 'ru' ? reply.text_ru : language === 'es' ? reply.text_es : '';
  return translated.trim() !== '' ? translated : reply.text;
};

/**
 * Fills the known variables of a reply with their values. A variable without a value stays as
 * it is and is named in `missing`, so the operator sees it and the chat will not send it; an
 * unknown `{word}` is ordinary text.
 */
export const fillReply = (template: string, values: CannedValues): { text: string; missing: CannedVariable[] } => {
  const missing: CannedVariable[] = [];
  const text = template.replace(PLACEHOLDER, (whole, name: string) => {
    if (!isVariable(name)) return whole;
    const value = values[name];
    if (value == null || value.trim() === '') {
      if (!missing.includes(name)) missing.push(name);
      return whole;
    }
    return value;
  });
  return { text, missing };
};

/** The known variables still written as placeholders in a message: while one remains it is not sent. */
export const unfilledVariables = (text: string): CannedVariable[] => {
  const found: CannedVariable[] = [];
  for (const [, name] of text.matchAll(PLACEHOLDER)) {
    if (name !== undefined && isVariable(name) && !found.includes(name)) found.push(name);
  }
  return found;
};
