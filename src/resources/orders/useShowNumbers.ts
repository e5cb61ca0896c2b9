import { useStore, type ListParams } from 'react-admin';
import { useSession } from '../common/useSession';

/**
 * The numbers toggle (customers' phones), one for the list and the detail: the detail reads
 * and writes the list's own stored parameters, so the list opened from the menu keeps it.
 * Roles that never see phones (owners) have it off, whatever is stored.
 */
export function useShowNumbers(): [boolean, (on: boolean) => void] {
  const { can } = useSession();
  const [params, setParams] = useStore<Partial<ListParams>>('orders.listParams', {});
  const filter: Record<string, unknown> = params.filter ?? {};
  return [can('customerPhone', 'show') && filter.numbers === true, (on) => setParams({ ...params, filter: { ...filter, numbers: on } })];
}
