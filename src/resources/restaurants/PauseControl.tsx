import PauseCircleIcon from '@mui/icons-material/PauseCircle';
import { Box, Button, Chip, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import {
  API_PATHS,
  fillPath,
  PAUSE_CHOICES,
  pauseAsOf,
  UNTIL_REOPENED,
  type PauseChoice,
  type Restaurant,
  type RestaurantPause,
} from '../../domain';
import { sendJson } from '../../providers/rest';
import { useFormat } from '../common/useFormat';
import { useSession } from '../common/useSession';

/** The pause as of now: one whose end has passed while the page was open reads as over. */
const current = (pause: RestaurantPause) => pauseAsOf(pause.pausedAt, pause.pausedUntil, new Date());

/** "Paused until 14:30" or "Paused until reopened"; null when open. */
export function usePauseText() {
  const translate = useTranslate();
  const { time } = useFormat();
  return (pause: RestaurantPause): string | null => {
    const { paused, pausedUntil } = current(pause);
    if (!paused) return null;
    return pausedUntil
      ? translate('resources.restaurants.pause.pausedUntil', { time: time(pausedUntil) })
      : translate('resources.restaurants.pause.pausedUntilReopened');
  };
}

/** A chip naming the pause and its end, for the restaurant list; nothing when open. */
export const PauseChip = ({ pause }: { pause: RestaurantPause }) => {
  const text = usePauseText()(pause);
  return text ? <Chip size="small" color="warning" icon={<PauseCircleIcon />} label={text} /> : null;
};

/** Re-renders when the pause ends, so the page shows it open without a reload. */
function useRerenderAt(iso: string | null) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!iso) return;
    const wait = new Date(iso).getTime() - Date.now();
    // Past ends need nothing; timers cannot wait longer than about 24 days.
    if (wait <= 0 || wait > 2 ** 31 - 1) return;
    const timer = setTimeout(() => setTick((n) => n + 1), wait + 50);
    return () => clearTimeout(timer);
  }, [iso]);
}

/**
 * Closes the restaurant in the bot for 15, 30 or 60 minutes or until reopened, and reopens it,
 * on the restaurant's page. Saved at once, apart from the form's Save: the answer
 * updates this control and the restaurant lists, not the form, so unsaved edits stay.
 */
export const PauseControl = () => {
  const record = useRecordContext<Restaurant>();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { can } = useSession();
  const text = usePauseText();
  const [answer, setAnswer] = useState<RestaurantPause | null>(null);
  const pause = answer ?? record ?? null;
  useRerenderAt(pause?.pausedUntil ?? null);
  const change = useMutation({
    mutationFn: (choice: PauseChoice | null) => {
      const path = fillPath(API_PATHS.restaurants.pause, { id: String(record?.id) });
      return choice === null ? sendJson<Restaurant>('DELETE', path) : sendJson<Restaurant>('PUT', path, { minutes: choice });
    },
    onSuccess: (saved) => {
      setAnswer({ paused: saved.paused, pausedAt: saved.pausedAt, pausedUntil: saved.pausedUntil });
      notify(saved.paused ? 'resources.restaurants.pause.paused' : 'resources.restaurants.pause.reopened', { type: 'info' });
      return queryClient.invalidateQueries({ queryKey: ['restaurants', 'getList'] });
    },
    onError: (error) => notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
  });
  if (!record || !pause || !can('restaurantPause', 'edit')) return null;
  const status = text(pause);
  const label = (choice: PauseChoice) =>
    choice === UNTIL_REOPENED
      ? translate('resources.restaurants.pause.untilReopened')
      : translate('resources.restaurants.pause.minutes', { smart_count: choice });
  return (
    <Box component="section" aria-labelledby="restaurant-pause-title" sx={{ mb: 2 }} data-pause-control>
      <Typography id="restaurant-pause-title" variant="subtitle1" component="h2">
        {translate('resources.restaurants.pause.title')}
      </Typography>
      <Typography variant="body2" role="status" sx={{ mb: 1 }}>
        {status ?? translate('resources.restaurants.pause.open')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {PAUSE_CHOICES.map((choice) => (
          <Button key={choice} variant="outlined" size="small" disabled={change.isPending} onClick={() => change.mutate(choice)}>
            {label(choice)}
          </Button>
        ))}
        {status ? (
          <Button variant="contained" size="small" disabled={change.isPending} onClick={() => change.mutate(null)}>
            {translate('resources.restaurants.pause.reopen')}
          </Button>
        ) : null}
      </Box>
    </Box>
  );
};
