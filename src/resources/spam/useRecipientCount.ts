import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { mailingAudienceSchema, type MailingAudience } from '../../domain';
import { audienceBody, readComposer, sinceOf, today } from './composerValues';
import { fetchRecipientCount } from './spamApi';

/** How long the filters must stay still before they are counted: typing "30" asks once, not for 3 and 30. */
export const COUNT_DEBOUNCE_MS = 400;

/** The text, once it has not changed for `ms`. */
function useDebounced(text: string, ms: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    if (settled === text) return undefined;
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms, settled]);
  return settled;
}

/** What is counted, as the debounced key carries it (the filters already checked once). */
const countedShape = z.object({ since: z.string().nullable(), filters: mailingAudienceSchema }).nullable();
const readCounted = (key: string): Audience | null => {
  const parsed = countedShape.safeParse(JSON.parse(key));
  return parsed.success ? parsed.data : null;
};

interface Audience {
  since: string | null;
  filters: MailingAudience;
}

/**
 * The customers the composer's mailing would reach now: the form's "active since" and filters,
 * counted once they have settled, the request of filters left behind cancelled. Nothing is
 * counted while the day or a filter is invalid (its field says why). `settled` is false while
 * the count shown is not yet the one of the form's current filters.
 */
export const useRecipientCount = (cityId: number) => {
  const values = readComposer(useWatch());
  const dayValid = values.lastActiveDate === '' || values.lastActiveDate <= today();
  const parsed = mailingAudienceSchema.safeParse(audienceBody(values.audience));
  const current: Audience | null = dayValid && parsed.success ? { since: sinceOf(values.lastActiveDate), filters: parsed.data } : null;
  const key = JSON.stringify(current);
  const settledKey = useDebounced(key, COUNT_DEBOUNCE_MS);
  const counted = useMemo(() => readCounted(settledKey), [settledKey]);
  const query = useQuery({
    queryKey: ['spam', 'recipientCount', cityId, counted],
    queryFn: ({ signal }) => (counted ? fetchRecipientCount(cityId, counted.since, counted.filters, signal) : Promise.resolve(0)),
    enabled: counted !== null,
    placeholderData: keepPreviousData,
  });
  return { ...query, valid: current !== null, settled: settledKey === key && !query.isPlaceholderData };
};
