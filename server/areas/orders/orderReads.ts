import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder } from 'kysely';
import { z } from 'zod';
import {
  COUNTED_ORDER_STATUS,
  maskPhone,
  orderListRecord,
  ORDERS_DEFAULT_PER_PAGE,
  type Order,
  type OrderTotals,
} from '../../../src/domain';
import { assertInScope, inUserScope, type Actor } from '../../auth/scope';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';
import { shapedStatement, type LeafMap } from '../../db/shapedStatement';
import { unreadMessagesOf } from './chatReads';
import { inOrderRange, narrowsRows, type OrderRange, type OrderRangeColumns } from './filters';
import { orderDisclosure, orderListJson, selectOrders, toOrder, type OrderDisclosure, type OrderView } from './orderRows';

export interface OrderPage {
  page?: number;
  perPage?: number;
}

/**
 * Reading orders: a page of the list, its count, the totals of its range, and one order by
 * thread id. Every read applies the user's scope in SQL; a single order outside it is a 404.
 */
export function orderReader(db: Kysely<Database>) {
  const newestIds = db.selectFrom('orders').select('orders.id').orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc');
  /**
   * The list's columns and joins, the same for every request: built and compiled once, and the
   * request's page joined to their text. They take no parameter, so their text stands alone.
   */
  const listColumns = selectOrders(db).compile();
  if (listColumns.parameters.length > 0) throw new Error("The order list's columns must take no parameter");
  const listFrom = sql.raw(listColumns.sql);
  /** The JSON of a listed order, one text per kind of reader (phones none, whole or to mask; payment data or not), built once. */
  const listJson = new Map<string, RawBuilder<unknown>>();
  const listJsonFor = (disclosure: OrderDisclosure): RawBuilder<unknown> => {
    const key = `${disclosure.phone} ${disclosure.paymentData}`;
    let known = listJson.get(key);
    if (!known) {
      const compiled = orderListJson(disclosure).compile(db);
      if (compiled.parameters.length > 0) throw new Error("An order's JSON in the list must take no parameter");
      known = sql.raw(compiled.sql);
      listJson.set(key, known);
    }
    return known;
  };

  /**
   * One page of the list, newest first, with the user's unread messages of each order, the count
   * of the range and its totals: one statement, so one round trip whatever the page holds. The
   * page's ids are found first on the covering index alone (a deep OFFSET then skips index
   * entries, not table rows), and only those rows are read with their joins and subqueries. The
   * page comes back as the JSON text the API answers (orderListJson), which goes out as it is:
   * nothing is parsed, rebuilt or serialised again per row.
   */
  const listQuery = ({ user, range, totals, disclosure, perPage, offset }: ListArgs) => {
    const ids = newestIds
      .where((eb) => inOrderRange(eb, user, range, orderColumns(eb)))
      .limit(perPage)
      .offset(offset);
    const rows = sql`SELECT p.*, ${unreadMessagesOf(user, sql.ref('p.id'))} AS unread
      FROM (${listFrom} INNER JOIN (${ids}) AS page ON page.id = o.id) p`;
    return db.selectNoFrom([
      sql<string>`(SELECT coalesce(json_agg(${listJsonFor(disclosure)} ORDER BY p.created_at DESC, p.id DESC), '[]'::json)::text
          FROM (${rows}) p)`.as('page'),
      sql<TotalsRow[]>`(SELECT coalesce(json_agg(t ORDER BY t.currency), '[]'::json) FROM (${totalsQuery(user, range, totals)}) t)`.as(
        'lines',
      ),
    ]);
  };
  /** The list's statement, built and compiled once per shape of request (see shapedStatement): a request binds its values. */
  const listStatement = shapedStatement(db, { shape: listShape, leaves: listLeaves, build: listQuery });

  const list = async (user: Actor, range: OrderRange, view: OrderView, paging: OrderPage): Promise<OrderList> => {
    const perPage = paging.perPage ?? ORDERS_DEFAULT_PER_PAGE;
    const disclosure = orderDisclosure(user, view);
    const args: ListArgs = { user, range, totals: totalsParts(range), disclosure, perPage, offset: ((paging.page ?? 1) - 1) * perPage };
    const [row] = await listStatement(args);
    if (!row) throw new Error('The order list answered no row');
    return { json: disclosure.phone === 'masked' ? withMaskedPhones(row.page) : row.page, ...totalsOf(row.lines) };
  };

  /**
   * How many orders the range holds (the list's X-Total-Count), and per currency the sum,
   * delivery, count and average cheque of those at CONFIRMED or above. Whole UTC days come
   * from the day totals the database keeps in step with the orders (migration 006); only the
   * partial days at the ends of the range are read from the orders themselves. Exact decimal
   * arithmetic throughout: (sum + delivery) / count to two decimals, '0' when nothing counts.
   */
  /** The parts of the totals, their columns built once: a request adds its filter. */
  const counted = sql`orders.status >= ${COUNTED_ORDER_STATUS}`;
  const fromOrders = db
    .selectFrom('orders')
    .select([
      'orders.currency',
      sql<number>`count(*)`.as('orders'),
      sql<number>`count(*) FILTER (WHERE ${counted})`.as('counted'),
      sql<number>`coalesce(sum(orders.sum) FILTER (WHERE ${counted}), 0)`.as('sum'),
      sql<number>`coalesce(sum(orders.delivery_cost) FILTER (WHERE ${counted}), 0)`.as('delivery'),
    ])
    .groupBy('orders.currency');
  const fromDays = db
    .selectFrom('order_day_totals as t')
    .select([
      't.currency',
      sql<number>`t.orders`.as('orders'),
      sql<number>`t.counted`.as('counted'),
      sql<number>`t.sum`.as('sum'),
      sql<number>`t.delivery`.as('delivery'),
    ]);

  const totalsQuery = (user: Actor, range: OrderRange, { days, edges }: TotalsParts): RawBuilder<TotalsRow> => {
    const parts: AggregatePart[] = edges.map((edge) => fromOrders.where((eb) => inOrderRange(eb, user, edge, orderColumns(eb))));
    if (days) {
      let q = fromDays.where((eb) => inUserScope(eb, user, { city: eb.ref('t.city_id'), restaurant: eb.ref('t.restaurant_id') }));
      if (range.cityId !== null) q = q.where('t.city_id', '=', range.cityId);
      if (range.restaurantIds) q = q.where('t.restaurant_id', 'in', range.restaurantIds);
      if (days.from) q = q.where('t.day', '>=', days.from);
      if (days.to) q = q.where('t.day', '<', days.to);
      parts.push(q);
    }
    return sql<TotalsRow>`SELECT x.currency, sum(x.orders)::int AS orders, sum(x.counted)::int AS count, sum(x.sum) AS sum,
      sum(x.delivery) AS delivery,
      CASE WHEN sum(x.counted) = 0 THEN '0' ELSE round((sum(x.sum) + sum(x.delivery)) / sum(x.counted), 2)::text END AS average_cheque
      FROM (${sql.join(parts, sql` UNION ALL `)}) x
      GROUP BY x.currency HAVING sum(x.orders) > 0 ORDER BY x.currency`;
  };

  const aggregate = async (user: Actor, range: OrderRange): Promise<{ total: number; totals: OrderTotals }> =>
    totalsOf((await totalsQuery(user, range, totalsParts(range)).execute(db)).rows);

  /** The order of a thread, if the user may see it. */
  const byThread = async (user: Actor, threadId: string, view: OrderView): Promise<Order> => {
    const row = await selectOrders(db).where('o.thread_id', '=', threadId).executeTakeFirst();
    if (!row) throw notFound('ORDER_NOT_FOUND');
    assertInScope(user, { cityId: row.city_id, restaurantId: row.restaurant_id }, notFound('ORDER_NOT_FOUND'));
    return toOrder(user, row, view);
  };

  return { list, aggregate, byThread };
}

/** What the list's statement is built from: the reader, the range and its totals' parts, the page. */
interface ListArgs {
  user: Actor;
  range: OrderRange;
  totals: TotalsParts;
  disclosure: OrderDisclosure;
  perPage: number;
  offset: number;
}

/** The totals of a range as parts: whole UTC days from the day totals (their first day and the day after the last), the rest from the orders. */
interface TotalsParts {
  days: { from: string | null; to: string | null } | null;
  edges: OrderRange[];
}

function totalsParts(range: OrderRange): TotalsParts {
  // A search or a status tab narrows by what the day totals do not hold: the orders answer alone.
  if (narrowsRows(range)) return { days: null, edges: [range] };
  const { days, edges } = splitByDays(range);
  return { days: days && { from: days.from && dayOf(days.from), to: days.to && dayOf(days.to) }, edges };
}

const present = (value: unknown): string => (value === null || value === undefined ? '-' : '+');
const howMany = (values: readonly unknown[] | null): string => (values === null ? '-' : String(values.length));

/** What the list's SQL text depends on: which filters are set and how many values each holds, never the values. A search is built every time. */
function listShape({ user, range, totals, disclosure }: ListArgs): string | null {
  if (range.search) return null;
  const rangeShape = (r: OrderRange) =>
    [
      present(r.cityId),
      howMany(r.restaurantIds),
      present(r.from),
      present(r.to),
      howMany(r.statuses ?? null),
      present(r.lateAt ?? null),
    ].join('');
  return [
    user.roleId,
    present(user.cityId),
    present(user.restaurantId),
    rangeShape(range),
    totals.days ? `${present(totals.days.from)}${present(totals.days.to)}` : 'no days',
    totals.edges.map(rangeShape).join(','),
    disclosure.phone,
    disclosure.paymentData,
  ].join(' ');
}

const maybe = <T extends number | string | Date>(value: T | null, leaf: LeafMap): T | null => (value === null ? null : leaf(value));

const rangeLeaves = (range: OrderRange, leaf: LeafMap): OrderRange => ({
  ...range,
  cityId: maybe(range.cityId, leaf),
  restaurantIds: range.restaurantIds && range.restaurantIds.map((id) => leaf(id)),
  from: maybe(range.from, leaf),
  to: maybe(range.to, leaf),
  statuses: range.statuses && range.statuses.map((status) => leaf(status)),
  lateAt: maybe(range.lateAt ?? null, leaf),
});

/** Every value the list's statement takes as a parameter, in one order. */
const listLeaves = (args: ListArgs, leaf: LeafMap): ListArgs => ({
  ...args,
  user: { ...args.user, id: leaf(args.user.id), cityId: maybe(args.user.cityId, leaf), restaurantId: maybe(args.user.restaurantId, leaf) },
  range: rangeLeaves(args.range, leaf),
  totals: {
    days: args.totals.days && { from: maybe(args.totals.days.from, leaf), to: maybe(args.totals.days.to, leaf) },
    edges: args.totals.edges.map((edge) => rangeLeaves(edge, leaf)),
  },
  perPage: leaf(args.perPage),
  offset: leaf(args.offset),
});

/** The orders columns a range filters on, for a query over `orders`. */
const orderColumns = (eb: ExpressionBuilder<Database, 'orders'>): OrderRangeColumns => ({
  city: eb.ref('orders.city_id'),
  restaurant: eb.ref('orders.restaurant_id'),
  createdAt: eb.ref('orders.created_at'),
  threadId: eb.ref('orders.thread_id'),
  user: eb.ref('orders.user_id'),
  status: eb.ref('orders.status'),
  statusSince: eb.ref('orders.status_since'),
});

export interface OrderList {
  /** The page's orders as the API answers them: a JSON array of orderListRecord. */
  json: string;
  total: number;
  totals: OrderTotals;
}

const listPage = z.array(orderListRecord);

/** A page whose phones came out whole for a reader who sees them masked (owners): masked here, by the domain's rule. */
const withMaskedPhones = (json: string): string =>
  JSON.stringify(
    listPage
      .parse(JSON.parse(json))
      .map((order) => ({ ...order, user: { ...order.user, phone: order.user.phone === null ? null : maskPhone(order.user.phone) } })),
  );

/** One currency's line of the totals, as the database sums it (from rows, or from their JSON: numbers either way). */
interface TotalsRow {
  currency: string;
  orders: number;
  count: number;
  sum: number;
  delivery: number;
  average_cheque: string;
}

/** The count of a range and its totals, from its lines. */
const totalsOf = (rows: readonly TotalsRow[]): { total: number; totals: OrderTotals } => ({
  total: rows.reduce((n, row) => n + Number(row.orders), 0),
  totals: {
    lines: rows.map((row) => ({
      currency: row.currency,
      sum: Number(row.sum),
      delivery: Number(row.delivery),
      count: Number(row.count),
      averageCheque: row.average_cheque,
    })),
  },
});

interface AggregateRow {
  currency: string;
  orders: number;
  counted: number;
  sum: number;
  delivery: number;
}
type AggregatePart = Expression<AggregateRow>;

const DAY_MS = 24 * 3600 * 1000;
const floorDay = (instant: Date) => new Date(Math.floor(instant.getTime() / DAY_MS) * DAY_MS);
const ceilDay = (instant: Date) => new Date(Math.ceil(instant.getTime() / DAY_MS) * DAY_MS);
const dayOf = (midnight: Date) => midnight.toISOString().slice(0, 10);

/**
 * A range as whole UTC days (null bounds: open) and the partial days at its ends; a range
 * shorter than a whole day is all edge.
 */
export function splitByDays(range: OrderRange): { days: { from: Date | null; to: Date | null } | null; edges: OrderRange[] } {
  const from = range.from ? ceilDay(range.from) : null;
  const to = range.to ? floorDay(range.to) : null;
  if (from && to && from >= to) return { days: null, edges: [range] };
  const edges: OrderRange[] = [];
  if (range.from && from && from > range.from) edges.push({ ...range, from: range.from, to: from });
  if (range.to && to && to < range.to) edges.push({ ...range, from: to, to: range.to });
  return { days: { from, to }, edges };
}
