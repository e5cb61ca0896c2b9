import { NotAvailable } from '../../layout/NotAvailable';
import { useSession } from './useSession';

/**
 * In place of a screen of a city the user does not work in: the app's one Not-available page
 * (the route guard shows it before such a screen renders; this is for screens that learn the
 * city later).
 */
export const OtherCity = NotAvailable;

/** Whether the logged-in user works in `cityId` (admins in every city); null while the session loads. */
export function useWorksInCity(cityId: number | null): boolean | null {
  const session = useSession();
  if (session.isPending || session.roleId === null) return null;
  return session.allCities || (cityId !== null && session.cityId === cityId);
}
