import { useStore, type ListParams } from 'react-admin';

/**
 * The numbers toggle (customers' phones), one for the list and the detail: the detail reads
 * and writes the list's own stored parameters, so the list opened from the menu keeps it.
 */
export function useShowNumbers(): [boolean, (on: boolean) => void] {
  const [params, setParams] = useStore<Partial<ListParams>>('orders.listParams', {});
  const filter: Record<string, unknown> = params.filter ?? {};
  return [filter.numbers === true, (on) => setParams({ ...params, filter: { ...filter, numbers: on } })];
}
