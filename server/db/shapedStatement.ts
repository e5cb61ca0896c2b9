import { sql, type CompiledQuery, type QueryExecutorProvider } from 'kysely';

/** A value a statement takes as a parameter. */
type Leaf = number | string | Date;

/** Gives each leaf value of a statement's arguments its stand-in (or the value itself, to collect it). */
export type LeafMap = <T extends Leaf>(value: T) => T;

/** What a statement builder returns: a Kysely query (a select builder, say). */
export interface Statement<R> {
  compile(): CompiledQuery<R>;
  execute(): Promise<R[]>;
}

export interface ShapedStatementOptions<A, R> {
  /** The shape of the arguments: calls of one shape build the same text. Null: never kept (build every time). */
  shape: (args: A) => string | null;
  /** The arguments with each value they pass on as a parameter mapped by `leaf`, in the same order every time. */
  leaves: (args: A, leaf: LeafMap) => A;
  /** The statement; it only places the values, it computes nothing from them (what it computes is a leaf itself). */
  build: (args: A) => Statement<R>;
}

/** The text of a statement cut at its parameters, and where each parameter's value comes from. */
interface Template {
  fragments: TemplateStringsArray;
  /** For each parameter: the index of the leaf it is, or the constant the builder put there. */
  sources: ({ leaf: number } | { constant: unknown })[];
}

/** Shapes whose statement is kept, at most: a list has a few dozen (roles, filters set, range edges). */
const SHAPES_KEPT = 200;
/** Stand-ins: numbers no builder writes as constants, dates told apart by identity, strings no filter holds. */
const NUMBER_STAND_IN = -1_987_650_000;
const DATE_STAND_IN = -8_000_000_000_000;

const placeholder = /\$(\d+)/g;

const templateStrings = (parts: string[]): TemplateStringsArray => Object.assign([...parts], { raw: [...parts] });

/**
 * A statement built and compiled once per shape of its arguments: later calls of that shape
 * only place their values in its text, where building and compiling the query with Kysely
 * costs a fixed part of every request (a list's statement: several hundred microseconds). The
 * statement is built once with stand-ins for its values, the parameters found again in the
 * compiled text say which value goes where; that text is checked against a real build of the
 * same call before it is kept, and a shape that fails the check is built every time. A kept
 * statement still runs through Kysely (sql``) and its plugins, as a raw query.
 */
export function shapedStatement<A, R>(db: QueryExecutorProvider, options: ShapedStatementOptions<A, R>) {
  const templates = new Map<string, Template | null>();

  const standIns = (args: A): { args: A; standIns: Leaf[] } => {
    const seen: Leaf[] = [];
    const leaf: LeafMap = (value) => {
      const index = seen.length;
      const standIn = standInFor(value, index);
      seen.push(standIn);
      return standIn;
    };
    return { args: options.leaves(args, leaf), standIns: seen };
  };

  const valuesOf = (args: A): Leaf[] => {
    const values: Leaf[] = [];
    options.leaves(args, (value) => {
      values.push(value);
      return value;
    });
    return values;
  };

  const bind = (template: Template, values: Leaf[]) =>
    sql<R>(template.fragments, ...template.sources.map((source) => ('leaf' in source ? values[source.leaf] : source.constant)));

  const learn = (args: A, real: CompiledQuery<R>): Template | null => {
    const marked = standIns(args);
    const compiled = options.build(marked.args).compile();
    const fragments: string[] = [];
    const sources: Template['sources'] = [];
    let last = 0;
    for (const match of compiled.sql.matchAll(placeholder)) {
      // Kysely numbers its parameters in order: any other `$n` is not one of them.
      if (Number(match[1]) !== sources.length + 1) return null;
      fragments.push(compiled.sql.slice(last, match.index));
      last = match.index + match[0].length;
      const parameter = compiled.parameters[sources.length];
      const leaf = marked.standIns.findIndex((standIn) => standIn === parameter);
      sources.push(leaf >= 0 ? { leaf } : { constant: parameter });
    }
    fragments.push(compiled.sql.slice(last));
    if (sources.length !== compiled.parameters.length) return null;
    const template: Template = { fragments: templateStrings(fragments), sources };
    // Kept only when it gives this call exactly what building it gives.
    const check = bind(template, valuesOf(args)).compile(db);
    const same =
      check.sql === real.sql &&
      check.parameters.length === real.parameters.length &&
      check.parameters.every((value, i) => sameValue(value, real.parameters[i]));
    return same ? template : null;
  };

  /** The rows of the statement for these arguments. */
  return async (args: A): Promise<R[]> => {
    const shape = options.shape(args);
    const known = shape === null ? null : templates.get(shape);
    if (known) return (await bind(known, valuesOf(args)).execute(db)).rows;
    const built = options.build(args);
    if (shape !== null && known === undefined) {
      if (templates.size >= SHAPES_KEPT) templates.delete(templates.keys().next().value ?? shape);
      templates.set(shape, learn(args, built.compile()));
    }
    return built.execute();
  };
}

function standInFor<T extends Leaf>(value: T, index: number): T;
function standInFor(value: Leaf, index: number): Leaf {
  if (typeof value === 'number') return NUMBER_STAND_IN - index;
  if (typeof value === 'string') return `\u0000${index}\u0000`;
  return new Date(DATE_STAND_IN + index);
}

const sameValue = (a: unknown, b: unknown): boolean =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : Object.is(a, b);
