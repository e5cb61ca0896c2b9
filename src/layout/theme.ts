import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { NARROW_VIEWPORT_PX } from '../domain';

/**
 * react-admin turns the menu into a drawer opened from the app bar below the `sm`
 * breakpoint; moving `sm` to 768 px makes that the spec's narrow viewport.
 */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  breakpoints: { values: { xs: 0, sm: NARROW_VIEWPORT_PX, md: 960, lg: 1280, xl: 1920 } },
};
