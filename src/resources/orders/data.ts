import type {
  GetListParams,
  GetListResult,
  GetManyReferenceParams,
  GetManyReferenceResult,
  GetOneParams,
  GetOneResult,
  RaRecord,
  UpdateParams,
  UpdateResult,
} from 'react-admin';
import {
  API_PATHS,
  AUDIT_PATHS,
  fillPath,
  ORDER_TOTALS_HEADER,
  orderTotalsRecord,
  ORDERS_DEFAULT_PER_PAGE,
  ORDERS_MAX_PER_PAGE,
  type Order,
  type OrderTotals,
} from '../../domain';
import { z } from 'zod';
import { apiFetch, parseBody } from '../../providers/httpClient';
import { api, getJson, pick, sendJson, type ResourceHandlers } from '../../providers/rest';
import { fetchCouriers, fetchOrder } from './orderGraphql';
import { orderQuery } from './orderQuery';
import type { OrderPart } from './orderKeys';

const P = API_PATHS.orders;
const UPDATE_FIELDS = ['status', 'courierId', 'debug'];

/** The totals header of a list page, or null when it is missing or not what the API sends. */
export function readTotals(header: string | null): OrderTotals | null {
  if (!header) return null;
  try {
    const parsed = orderTotalsRecord.safeParse(JSON.parse(header));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Each part of an order's page, as its call answers it (all of it, oldest first). */
const parts: Record<OrderPart, <T extends RaRecord>(id: string) => Promise<T[]>> = {
  // The chat, by the order's thread id.
  chat: (threadId) => getJson(fillPath(P.messages, { threadId })),
  // The couriers the user may assign in the order's city (GraphQL).
  couriers: (cityId) => fetchCouriers(Number(cityId)),
  // The timeline, by the order's id: its entries have no id of their own, so their place is theirs.
  timeline: async <T extends RaRecord>(orderId: string) =>
    (await getJson<T[]>(fillPath(AUDIT_PATHS.orderTimeline, { id: orderId }))).map((entry, index) => ({ ...entry, id: index })),
};

const isPart = (target: string): target is OrderPart => Object.hasOwn(parts, target);

/** The address of one page of the list. */
const listAddress = (filter: Record<string, unknown>, page: number, perPage: number): string => {
  const query = orderQuery(filter);
  query.set('page', String(page));
  query.set('perPage', String(Math.min(perPage, ORDERS_MAX_PER_PAGE)));
  return api(`${P.list}?${query.toString()}`);
};

/** The list's parameters react-admin keeps between visits (its store, in localStorage). */
const STORED_LIST = 'RaStore.orders.listParams';
const storedListParams = z
  .object({
    filter: z.record(z.string(), z.unknown()).optional(),
    page: z.number().int().positive().optional(),
    perPage: z.number().int().positive().optional(),
  })
  .catch({});

/**
 * The first request the list will make when opened without a query in its address: its stored
 * filter and page, else page 1 of everything with the default page size.
 */
export const firstListAddress = (): string => {
  const {
    filter = {},
    page = 1,
    perPage = ORDERS_DEFAULT_PER_PAGE,
  } = storedListParams.parse(parseBody(localStorage.getItem(STORED_LIST) ?? ''));
  return listAddress(filter, page, perPage);
};

/**
 * Orders: the list is filtered, paged and counted by the server (newest first, always); one
 * order is read over GraphQL by its thread id; the parts of its page (chat, couriers of its
 * city, timeline) are its references; a save is a status move or a courier change through
 * PUT /orders/{id}.
 */
export const orders: ResourceHandlers = {
  async getList<T extends RaRecord>(_resource: string, params: GetListParams): Promise<GetListResult<T>> {
    const { page = 1, perPage = ORDERS_DEFAULT_PER_PAGE } = params.pagination ?? {};
    const response = await apiFetch<T[]>(listAddress(params.filter ?? {}, page, perPage), { signal: params.signal });
    const total = Number(response.headers.get('x-total-count') ?? response.json.length);
    return {
      data: response.json,
      total: Number.isFinite(total) ? total : response.json.length,
      // The totals of the whole range come with the page (TotalsSummary reads them from the list).
      meta: { totals: readTotals(response.headers.get(ORDER_TOTALS_HEADER)) },
    };
  },
  /** By thread id (the page's address); `meta.numbers` asks for the customer's phone unmasked. */
  async getOne<T extends RaRecord>(_resource: string, params: GetOneParams<T>): Promise<GetOneResult<T>> {
    const meta: unknown = params.meta;
    const numbers = typeof meta === 'object' && meta !== null && 'numbers' in meta && meta.numbers === true;
    return { data: await fetchOrder<T>(String(params.id), numbers) };
  },
  async getManyReference<T extends RaRecord>(_resource: string, params: GetManyReferenceParams): Promise<GetManyReferenceResult<T>> {
    if (!isPart(params.target)) throw new Error(`An order has no ${params.target}`);
    const data = await parts[params.target]<T>(String(params.id));
    return { data, total: data.length };
  },
  async update<T extends RaRecord>(_resource: string, params: UpdateParams<T>): Promise<UpdateResult<T>> {
    const answer = await sendJson<Pick<Order, 'id' | 'status' | 'courierId'>>(
      'PUT',
      fillPath(P.one, { id: String(params.id) }),
      pick(params.data, UPDATE_FIELDS),
    );
    // The answer holds the changed fields only: the cached card keeps the rest.
    return { data: { ...params.previousData, ...answer } };
  },
};
