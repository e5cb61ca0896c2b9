import { Box, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { LiveState } from '../providers/liveEventsHub';
import { useLiveState } from '../providers/liveEventsHooks';

const DOT: Record<LiveState, string> = {
  connecting: '#ffd54f',
  open: '#69f0ae',
  reconnecting: '#ffd54f',
  expired: '#bdbdbd',
  closed: '#bdbdbd',
};

/** The app bar's word on the live connection: live, or reconnecting (the lists then refresh on their own timers). */
export const LiveIndicator = () => {
  const translate = useTranslate();
  const state = useLiveState();
  return (
    <Tooltip title={translate(`live.help.${state}`)}>
      <Box
        component="span"
        role="status"
        tabIndex={0}
        data-live-state={state}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, mx: 1, fontSize: '0.8125rem', whiteSpace: 'nowrap' }}
      >
        <Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: DOT[state], flexShrink: 0 }} />
        {/* On a phone only the dot shows; its words stay for screen readers. */}
        <Box
          component="span"
          sx={(theme) => ({
            [theme.breakpoints.down('sm')]: {
              position: 'absolute',
              width: '1px',
              height: '1px',
              overflow: 'hidden',
              clip: 'rect(0 0 0 0)',
              whiteSpace: 'nowrap',
            },
          })}
        >
          {translate(`live.state.${state}`)}
        </Box>
      </Box>
    </Tooltip>
  );
};
