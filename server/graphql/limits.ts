import { Kind, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';
import mercurius from 'mercurius';

/** How deep a query may nest, and how many aliases, selections and tokens one request may hold. */
export const GRAPHQL_LIMITS = { depth: 8, aliases: 20, selections: 300, tokens: 5_000 } as const;

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

  const costOfFragment = (name: string): Cost => {
    const known = fragmentCosts.get(name);
    if (known) return known;
    const fragment = fragments.get(name);
    // Unknown fragments and cycles are refused by validation afterwards.
    if (!fragment || inProgress.has(name)) return { selections: 0, aliases: 0, depth: 0 };
    inProgress.add(name);
    const cost = costOfSet(fragment.selectionSet, 0);
    inProgress.delete(name);
    fragmentCosts.set(name, cost);
    return cost;
  };

  const costOfSet = (set: SelectionSetNode, level: number): Cost => {
    const total: Cost = { selections: 0, aliases: 0, depth: 1 };
    // Deeper than allowed is refused anyway: no need to walk further.
    if (level > GRAPHQL_LIMITS.depth) return { selections: 0, aliases: 0, depth: GRAPHQL_LIMITS.depth + 1 };
    for (const selection of set.selections) {
      let inner: Cost = { selections: 0, aliases: 0, depth: 0 };
      if (selection.kind === Kind.FRAGMENT_SPREAD) inner = costOfFragment(selection.name.value);
      else if (selection.selectionSet) inner = costOfSet(selection.selectionSet, level + 1);
      const alias = selection.kind === Kind.FIELD && selection.alias ? 1 : 0;
      total.selections += 1 + inner.selections;
      total.aliases += alias + inner.aliases;
      total.depth = Math.max(total.depth, 1 + inner.depth);
    }
    return total;
  };

  const total: Cost = { selections: 0, aliases: 0, depth: 0 };
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const cost = costOfSet(definition.selectionSet, 0);
    total.selections += cost.selections;
    total.aliases += cost.aliases;
    total.depth = Math.max(total.depth, cost.depth);
  }

  const reasons: string[] = [];
  if (total.depth > GRAPHQL_LIMITS.depth) reasons.push(`The query nests deeper than ${GRAPHQL_LIMITS.depth} levels`);
  if (total.aliases > GRAPHQL_LIMITS.aliases)
    reasons.push(`The query uses ${total.aliases} aliases; at most ${GRAPHQL_LIMITS.aliases} are allowed`);
  if (total.selections > GRAPHQL_LIMITS.selections) {
    reasons.push(`The query selects ${total.selections} fields; at most ${GRAPHQL_LIMITS.selections} are allowed`);
  }
  if (reasons.length > 0) throw new mercurius.ErrorWithProps(reasons.join('. '), { code: 'QUERY_TOO_COMPLEX' }, 400);
}
