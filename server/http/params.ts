import { z } from 'zod';

/**
 * Path and query parameters shared by the routes: ids arrive as text and leave typed. An id
 * is what PostgreSQL's integer holds, so a too-large one is a 400, never a database error.
 */
const idText = (name: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, { error: `validation.id` })
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, { error: 'validation.id' })
    .describe(`the ${name}, a positive whole number`);

export const idParams = z.object({ id: idText('id') });
export const cityIdParams = z.object({ cityId: idText('city id') });
export const botIdParams = z.object({ botId: idText('bot id') });

/** An optional id in the query: absent or empty means none. */
export const optionalQueryId = (name: string) =>
  z
    .union([z.literal(''), idText(name)])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v));

/** `ids=1,2,3`: the rows react-admin's getMany asks for, in one call. */
export const idsQuery = z
  .string()
  .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9}){0,999}$/, { error: 'validation.id' })
  .transform((text) =>
    text
      .split(',')
      .map(Number)
      .filter((n) => n <= 2_147_483_647),
  )
  .optional();
