import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsOffIcon from '@mui/icons-material/NotificationsOff';
import { IconButton, Tooltip } from '@mui/material';
import { useRef, useSyncExternalStore } from 'react';
import { useTranslate } from 'react-admin';
import { useLiveEvent } from '../providers/liveEventsHooks';
import { beep } from './beep';

/**
 * Where the choice is kept: this browser's localStorage, under a key of its own so that it
 * outlives a logout (react-admin's store is emptied then) and holds for whoever works here.
 */
export const NEW_ORDER_SOUND_KEY = 'backoffice.newOrderSound';

const listeners = new Set<() => void>();
const soundOn = (): boolean => localStorage.getItem(NEW_ORDER_SOUND_KEY) !== 'off';
const setSoundOn = (on: boolean) => {
  localStorage.setItem(NEW_ORDER_SOUND_KEY, on ? 'on' : 'off');
  listeners.forEach((listener) => listener());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  // Another tab's switch counts here too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
};

/** Several orders at once (after a reconnect) chime once. */
const QUIET_MS = 2000;

/**
 * The chime on a new order, on any screen, and the app bar's switch that turns it off and on,
 * remembered in this browser.
 */
export const NewOrderSound = ({ play = beep }: { play?: () => void }) => {
  const translate = useTranslate();
  const on = useSyncExternalStore(subscribe, soundOn, () => true);
  const last = useRef(0);
  useLiveEvent(['order.created'], () => {
    const now = Date.now();
    if (!soundOn() || now - last.current < QUIET_MS) return;
    last.current = now;
    play();
  });
  return (
    <Tooltip title={translate(on ? 'live.sound.on' : 'live.sound.off')}>
      <IconButton
        color="inherit"
        aria-label={translate('live.sound.label')}
        aria-pressed={on}
        onClick={() => setSoundOn(!on)}
        data-testid="new-order-sound"
      >
        {on ? <NotificationsActiveIcon /> : <NotificationsOffIcon />}
      </IconButton>
    </Tooltip>
  );
};
