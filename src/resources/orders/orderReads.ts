import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useDataProvider, useGetOne, type GetManyReferenceParams, type RaRecord } from 'react-admin';
import type { Courier, Order, OrderMessage, OrderTimelineEntry } from '../../domain';
import { orderKeys, type OrderPart } from './orderKeys';

/**
 * What an order's page reads, all through react-admin's dataProvider (orders/data.ts) and its
 * react-query cache: a 401 goes through the authProvider's checkError as for every screen, and
 * the keys of orderKeys are the ones writes and live events refresh.
 */

/** The API answers a part whole, oldest first: no page, no sort, no filter of ours. */
const WHOLE: Pick<GetManyReferenceParams, 'pagination' | 'sort' | 'filter'> = {
  pagination: { page: 1, perPage: 1000 },
  sort: { field: 'id', order: 'ASC' },
  filter: {},
};

interface PartOptions {
  refetchInterval?: number;
  enabled?: boolean;
  staleTime?: number;
}

function usePart<T extends RaRecord>(target: OrderPart, id: string | number, queryKey: readonly unknown[], options: PartOptions) {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey,
    queryFn: async () => (await dataProvider.getManyReference<T>('orders', { target, id, ...WHOLE })).data,
    ...options,
  });
}

/**
 * One order by its thread id; the numbers toggle asks again while the same order stays on
 * screen. useGetOne is not told the record's type: its id would have to be the order's number,
 * while the page knows the thread id (its address).
 */
export function useOrder(threadId: string, numbers: boolean): UseQueryResult<Order> {
  const order = useGetOne(
    'orders',
    { id: threadId, meta: { numbers } },
    {
      // A missing or foreign order stays so: say it at once.
      retry: false,
      placeholderData: (previous) => (previous?.threadId === threadId ? previous : undefined),
    },
  );
  return order;
}

/** An order's chat, oldest first, asked again every `refreshMs` while shown. */
export const useOrderChat = (threadId: string, refreshMs: number) =>
  usePart<OrderMessage>('chat', threadId, orderKeys.chat(threadId), { refetchInterval: refreshMs });

/** The couriers of a city (one request per city, shared by the cards), for the roles that assign them. */
export const useCouriers = (cityId: number, enabled: boolean) =>
  usePart<Courier>('couriers', cityId, orderKeys.couriers(cityId), { enabled, staleTime: 5 * 60_000 });

/** A timeline entry with its place in the timeline as its id. */
export type TimelineRow = OrderTimelineEntry & { id: number };

/** An order's timeline, oldest first, asked again every `refreshMs` while shown. */
export const useOrderTimeline = (orderId: number, refreshMs: number) =>
  usePart<TimelineRow>('timeline', orderId, orderKeys.timeline(orderId), { refetchInterval: refreshMs });
