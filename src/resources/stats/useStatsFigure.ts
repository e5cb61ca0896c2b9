import { useMemo } from 'react';
import { useGetOne } from 'react-admin';
import type { z } from 'zod';
import type { StatsFigure } from '../../domain';

/**
 * One figure of the city and range (`query`), as src/resources/stats/data.ts reads it, checked
 * against the figure's schema (an answer of another shape is shown as an error, not drawn);
 * nothing is asked without a query.
 */
export function useStatsFigure<S extends z.ZodType>(figure: StatsFigure, schema: S, query: string | null) {
  // A failed figure is not asked again by itself: a heavy query is what a busy database can do without
  // (on PGlite every other request waits behind it); the app bar's refresh asks again.
  const { data, isPending, error } = useGetOne('stats', { id: figure, meta: { query } }, { enabled: query !== null, retry: false });
  const parsed = useMemo(() => (data === undefined ? undefined : schema.safeParse(data)), [data, schema]);
  return {
    isPending,
    data: parsed?.success ? parsed.data : undefined,
    error: error ?? (parsed && !parsed.success ? parsed.error : undefined),
  };
}
