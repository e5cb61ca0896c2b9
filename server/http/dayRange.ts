/**
 * The bounds of a date filter in a query: a day (`2026-11-23`) means its whole length in UTC,
 * an instant with its zone is itself. An `end` bound is exclusive: the day after, or the
 * instant's next millisecond (so `to` includes what it names).
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 3600 * 1000;

export const rangeBoundary = (value: string | undefined, end: boolean): Date | null => {
  if (!value) return null;
  if (DAY.test(value)) {
    const start = new Date(`${value}T00:00:00Z`);
    return end ? new Date(start.getTime() + DAY_MS) : start;
  }
  const instant = new Date(value);
  return end ? new Date(instant.getTime() + 1) : instant;
};
