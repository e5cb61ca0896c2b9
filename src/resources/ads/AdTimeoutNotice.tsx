import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import { Alert, AlertTitle } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A wait in the user's language: '2 d 3 h 5 min 40 s', '12 min 5 s', '40 s' (units left out when zero). */
export function useWaitText() {
  const translate = useTranslate();
  return (seconds: number): string => {
    const units = [
      ['days', Math.floor(seconds / 86_400)],
      ['hours', Math.floor((seconds % 86_400) / 3600)],
      ['minutes', Math.floor((seconds % 3600) / 60)],
      ['seconds', seconds % 60],
    ] as const;
    const parts = units.filter(([, count]) => count > 0).map(([unit, count]) => translate(`resources.ads.timeout.${unit}`, { count }));
    return parts.length > 0 ? parts.join(' ') : translate('resources.ads.timeout.seconds', { count: 0 });
  };
}

/** In place of the new-ad form while the owner's restaurant must wait (spec section 6). */
export const AdTimeoutNotice = ({ seconds }: { seconds: number }) => {
  const translate = useTranslate();
  const wait = useWaitText();
  return (
    <Alert severity="info" icon={<HourglassTopIcon />} sx={{ m: { xs: 1, sm: 2 } }} data-testid="ad-timeout" role="note">
      <AlertTitle>{translate('resources.ads.timeout.title')}</AlertTitle>
      {translate('resources.ads.timeout.wait', { time: wait(seconds) })}
    </Alert>
  );
};
