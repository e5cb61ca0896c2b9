import { Box } from '@mui/material';
import { useDeferredValue, type ReactNode } from 'react';

/**
 * How many cards the first pass renders: about the first screen's (two columns on a wide
 * screen, one on a phone).
 */
const FIRST_CARDS = 6;

/**
 * A page of cards, one column on a phone and two on a wide screen, rendered in two passes when
 * they first show: the first screen's at once, the rest in a render React may interrupt, right
 * after. The cards then show after a quarter of the work of a page of 25; later changes
 * (another page, a filter, live updates) render in one pass.
 */
export function CardGrid<T>({ items, children: card }: { items: readonly T[]; children: (item: T) => ReactNode }) {
  const complete = useDeferredValue(true, false);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        alignItems: 'start',
        p: { xs: 1, sm: 2 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {(complete ? items : items.slice(0, FIRST_CARDS)).map(card)}
    </Box>
  );
}
