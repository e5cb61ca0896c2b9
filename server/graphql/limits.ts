import { Kind, type DocumentNode, type FragmentDefinitionNode, type SelectionNode } from 'graphql';
import mercurius from 'mercurius';

/** How deep a query may nest, and how many aliases, selections and tokens one request may hold. */
export const GRAPHQL_LIMITS = { depth: 8, aliases: 20, selections: 300, tokens: 5_000 } as const;

/**
 * The reading of the schema itself (`__schema`, `__type`): graphql's standard introspection
 * query, as GraphiQL, Apollo and codegen send it, spells each type reference as nine nested
 * `ofType`s and spreads it in a dozen places, far past what the schema's own queries need.
 * These fields are measured apart, against their own depth; a document that asks nothing else
 * has its own selection budget. Aliases and tokens stay bounded as for any document.
 */
export const INTROSPECTION_LIMITS = { depth: 20, selections: 1_000 } as const;
const INTROSPECTION_FIELDS = new Set(['__schema', '__type']);

interface Cost {
  /** Fields, fragment spreads and inline fragments, fragments' bodies counted at each spread. */
  selections: number;
  aliases: number;
  /** Nested selection sets, inline fragments and spread fragments included. */
  depth: number;
}

/**
 * What a document would make the server do, measured before graphql validates it (its rules
 * take quadratic time on thousands of aliased fields) and refused with the reason when over
 * the limits.
 */
export function checkDocumentCost(document: DocumentNode): void {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  // Remembered per fragment: fragments spreading fragments many times over cost linear time here.
  const fragmentCosts = new Map<string, Cost>();
  const inProgress = new Set<string>();
  // Deeper than any limit is refused anyway: no need to walk further.
  const deepest = Math.max(GRAPHQL_LIMITS.depth, INTROSPECTION_LIMITS.depth);

  const costOfFragment = (name: string): Cost => {
    const known = fragmentCosts.get(name);
    if (known) return known;
    const fragment = fragments.get(name);
    // Unknown fragments and cycles are refused by validation afterwards.
    if (!fragment || inProgress.has(name)) return { selections: 0, aliases: 0, depth: 0 };
    inProgress.add(name);
    const cost = costOfSelections(fragment.selectionSet.selections, 0);
    inProgress.delete(name);
    fragmentCosts.set(name, cost);
    return cost;
  };

  const costOfSelections = (selections: readonly SelectionNode[], level: number): Cost => {
    const total: Cost = { selections: 0, aliases: 0, depth: 1 };
    if (level > deepest) return { selections: 0, aliases: 0, depth: deepest + 1 };
    for (const selection of selections) {
      let inner: Cost = { selections: 0, aliases: 0, depth: 0 };
      if (selection.kind === Kind.FRAGMENT_SPREAD) inner = costOfFragment(selection.name.value);
      else if (selection.selectionSet) inner = costOfSelections(selection.selectionSet.selections, level + 1);
      const alias = selection.kind === Kind.FIELD && selection.alias ? 1 : 0;
      total.selections += 1 + inner.selections;
      total.aliases += alias + inner.aliases;
      total.depth = Math.max(total.depth, 1 + inner.depth);
    }
    return total;
  };

  // Each field at the top of an operation is measured on its own, to tell introspection apart.
  const total = { selections: 0, aliases: 0, depth: 0, introspectionDepth: 0, onlyIntrospection: true };
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    for (const selection of definition.selectionSet.selections) {
      const cost = costOfSelections([selection], 0);
      total.selections += cost.selections;
      total.aliases += cost.aliases;
      if (selection.kind === Kind.FIELD && INTROSPECTION_FIELDS.has(selection.name.value)) {
        total.introspectionDepth = Math.max(total.introspectionDepth, cost.depth);
      } else {
        total.depth = Math.max(total.depth, cost.depth);
        // __typename alone reads nothing but the root's name.
        if (!(selection.kind === Kind.FIELD && selection.name.value === '__typename')) total.onlyIntrospection = false;
      }
    }
  }
  const maxSelections = total.onlyIntrospection ? INTROSPECTION_LIMITS.selections : GRAPHQL_LIMITS.selections;

  const reasons: string[] = [];
  if (total.depth > GRAPHQL_LIMITS.depth) reasons.push(`The query nests deeper than ${GRAPHQL_LIMITS.depth} levels`);
  if (total.introspectionDepth > INTROSPECTION_LIMITS.depth) {
    reasons.push(`The introspection query nests deeper than ${INTROSPECTION_LIMITS.depth} levels`);
  }
  if (total.aliases > GRAPHQL_LIMITS.aliases)
    reasons.push(`The query uses ${total.aliases} aliases; at most ${GRAPHQL_LIMITS.aliases} are allowed`);
  if (total.selections > maxSelections) {
    reasons.push(`The query selects ${total.selections} fields; at most ${maxSelections} are allowed`);
  }
  if (reasons.length > 0) throw new mercurius.ErrorWithProps(reasons.join('. '), { code: 'QUERY_TOO_COMPLEX' }, 400);
}
