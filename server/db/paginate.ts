import { sql, type Expression, type SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import { pagingFields } from '../../src/domain';

/**
 * Paging of every list on the server: `page`, `perPage`, `sort`, `order` in the query, the
 * total in `X-Total-Count`. Without `page` a list answers whole, as the spec's calls do.
 */
export const LIST_MAX_PER_PAGE = 1000;

export const pageQuery = <S extends string>(sortable: readonly [S, ...S[]]) =>
  z.object({
    ...pagingFields(LIST_MAX_PER_PAGE),
    sort: z.enum(sortable).optional(),
    order: z.enum(['ASC', 'DESC', 'asc', 'desc']).optional(),
  });

export interface PageParams<S extends string> {
  page?: number;
  perPage?: number;
  sort?: S;
  order?: 'ASC' | 'DESC' | 'asc' | 'desc';
}

/**
 * Runs a list query with the asked page and sort (the sort whitelisted by the query schema and
 * mapped to its column), sets X-Total-Count and answers the rows. `defaultOrder` keeps the
 * spec's order for the rest, and an id tiebreak keeps pages stable.
 */
/** Where the total goes: a REST reply's X-Total-Count; a GraphQL answer has no headers. */
export interface TotalHeader {
  header(name: 'x-total-count', value: string): unknown;
}

export async function paginate<DB, TB extends keyof DB, O, S extends string>(
  query: SelectQueryBuilder<DB, TB, O>,
  params: PageParams<S>,
  reply: TotalHeader,
  options: {
    columns: Record<S, Expression<unknown> | string>;
    defaultOrder: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, O>;
  },
): Promise<O[]> {
  let ordered = query;
  if (params.sort) {
    const column = options.columns[params.sort];
    const direction = params.order?.toUpperCase() === 'DESC' ? sql`desc` : sql`asc`;
    const ref = typeof column === 'string' ? sql.ref(column) : column;
    ordered = ordered.orderBy(sql`${ref} ${direction} nulls last`);
  }
  ordered = options.defaultOrder(ordered);
  if (params.page === undefined && params.perPage === undefined) {
    const rows = await ordered.execute();
    reply.header('x-total-count', String(rows.length));
    return rows;
  }
  const perPage = params.perPage ?? 50;
  const [rows, counted] = await Promise.all([
    ordered
      .limit(perPage)
      .offset(((params.page ?? 1) - 1) * perPage)
      .execute(),
    query
      .clearSelect()
      .clearOrderBy()
      .select(sql<string>`count(*)`.as('total'))
      .$castTo<{ total: string }>()
      .executeTakeFirstOrThrow(),
  ]);
  reply.header('x-total-count', String(counted.total));
  return rows;
}
