import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, ORDER_LATE_COUNT_PATH, type OrderStatusCounts } from '../../domain';
import { useLiveEvent } from '../../providers/liveEventsHooks';
import { getJson } from '../../providers/rest';
import { useSession } from '../common/useSession';
import { orderKeys } from './orderKeys';
import { orderQuery } from './orderQuery';

const P = API_PATHS.orders;

/**
 * The counts of the status tabs for the list's filters (its tab left out): one request per
 * filter, asked again when an order is created or moves.
 */
export function useStatusCounts(filter: Record<string, unknown>) {
  const queryClient = useQueryClient();
  const query = orderQuery({ ...filter, status: undefined });
  query.delete('numbers');
  const search = query.toString();
  useLiveEvent(['order.created', 'order.updated'], () => void queryClient.invalidateQueries({ queryKey: ['orders', 'statusCounts'] }));
  return useQuery({
    queryKey: orderKeys.statusCounts(search),
    queryFn: () => getJson<OrderStatusCounts>(`${P.statusCounts}${search ? `?${search}` : ''}`),
    placeholderData: (previous) => previous,
  });
}

/**
 * The user's unread customer and restaurant messages over the orders they see (the Orders
 * menu entry's badge), asked again with each new message of the live stream.
 */
export function useUnreadTotal(): number {
  const { can } = useSession();
  const queryClient = useQueryClient();
  const enabled = can('orderChat', 'list');
  useLiveEvent(['message.created'], () => void queryClient.invalidateQueries({ queryKey: orderKeys.unread() }));
  const unread = useQuery({
    queryKey: orderKeys.unread(),
    queryFn: () => getJson<{ total: number }>(P.unread),
    enabled,
    staleTime: 30_000,
  });
  return enabled ? (unread.data?.total ?? 0) : 0;
}

/** An order turns late between events (its clock runs out): the count is asked again this often too. */
const LATE_COUNT_REFRESH_MS = 30_000;

/**
 * How many orders of the user's scope are late now (the Orders menu entry's other badge): asked
 * again when the server escalates one, when an order moves (it may have left its late status)
 * and twice a minute.
 */
export function useLateCount(): number {
  const { can } = useSession();
  const queryClient = useQueryClient();
  const enabled = can('orders', 'list');
  useLiveEvent(['order.late', 'order.updated'], () => void queryClient.invalidateQueries({ queryKey: orderKeys.lateCount() }));
  const late = useQuery({
    queryKey: orderKeys.lateCount(),
    queryFn: () => getJson<{ total: number }>(ORDER_LATE_COUNT_PATH),
    enabled,
    refetchInterval: LATE_COUNT_REFRESH_MS,
  });
  return enabled ? (late.data?.total ?? 0) : 0;
}
