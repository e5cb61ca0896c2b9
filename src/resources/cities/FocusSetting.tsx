import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { SETTING_PARAM } from './paths';

/**
 * On a city's page opened from a link to one of its settings (`?setting=key`): scrolls the
 * setting into view and puts the focus in it, so that what is missing is typed in at once.
 */
export const FocusSetting = () => {
  const { search } = useLocation();
  const key = new URLSearchParams(search).get(SETTING_PARAM);
  useEffect(() => {
    if (!key) return;
    const box = document.querySelector<HTMLElement>(`[data-config-key="${CSS.escape(key)}"]`);
    if (!box) return;
    box.scrollIntoView({ block: 'center' });
    box.querySelector<HTMLElement>('input:not([disabled]):not([type="hidden"]), textarea:not([disabled])')?.focus({ preventScroll: true });
  }, [key]);
  return null;
};
