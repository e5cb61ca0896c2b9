import { useGetOne } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Restaurant } from '../../domain';
import { useSession } from '../common/useSession';

/**
 * The city of the ad on the form, for its chat and its uploads: an admin's is the picked
 * restaurant's, everyone else's their own. `known` is false until an admin has picked one.
 */
export function useAdCity(): { cityId: number | null; known: boolean } {
  const { allCities, cityId: ownCity } = useSession();
  const restaurantId: unknown = useWatch({ name: 'restaurantId' });
  const picked = typeof restaurantId === 'number' ? restaurantId : null;
  const { data: restaurant } = useGetOne<Restaurant>('restaurants', { id: picked ?? 0 }, { enabled: allCities && picked !== null });
  if (!allCities) return { cityId: ownCity, known: true };
  const cityId = picked !== null ? (restaurant?.cityId ?? null) : null;
  return { cityId, known: cityId !== null };
}
