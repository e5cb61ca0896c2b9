import { format } from 'date-fns';

/**
 * A datetime-local input's value ('2026-11-24T18:00', the user's own clock) as the instant
 * the API takes, with the user's zone ('2026-11-24T18:00:00+01:00'); null when empty or not a time.
 */
export const toInstant = (value: string | null): string | null => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : format(date, "yyyy-MM-dd'T'HH:mm:ssXXX");
};
