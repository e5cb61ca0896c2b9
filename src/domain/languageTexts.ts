/**
 * The interface texts as the translation editor sees them: one dotted key per text
 * (`menu.orders`), flattened from the nested message objects and set back into them. No zod
 * here, so that the i18n provider, which the login page loads, can apply saved texts.
 */

/** A language's texts by dotted key. */
export type TextMap = Record<string, string>;

/** A nested message object, as en.ts and the resources' messages.ts write them. */
export interface MessageTree {
  [key: string]: string | MessageTree;
}

const isTree = (value: unknown): value is MessageTree => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every text of a message object by its dotted path. A segment never holds a dot, so the path
 * names one text; anything but text or a nested object is a mistake in the messages.
 */
export function flattenTexts(tree: object, prefix = ''): TextMap {
  const texts: TextMap = {};
  for (const [name, value] of Object.entries(tree)) {
    if (name.includes('.')) throw new Error(`The message key ${prefix}${name} holds a dot`);
    const key = `${prefix}${name}`;
    if (typeof value === 'string') texts[key] = value;
    else if (isTree(value)) Object.assign(texts, flattenTexts(value, `${key}.`));
    else throw new Error(`The message ${key} is not text`);
  }
  return texts;
}

/** The nested message object of dotted-key texts, to merge over the shipped messages. */
export function nestTexts(texts: Readonly<TextMap>): MessageTree {
  const tree: MessageTree = {};
  for (const [key, text] of Object.entries(texts)) {
    const path = key.split('.');
    const last = path.pop();
    let node: MessageTree | undefined = tree;
    for (const name of path) {
      const next: string | MessageTree = node[name] ?? {};
      node[name] = next;
      node = isTree(next) ? next : undefined;
      if (!node) break;
    }
    // A key that is a prefix of another (`a` and `a.b`) cannot be both a text and a group: the first wins.
    if (node && last !== undefined && !isTree(node[last])) node[last] = text;
  }
  return tree;
}

/** The `%{name}` placeholders a text fills in (polyglot's syntax), each once, sorted. */
export const placeholdersOf = (text: string): string[] => [...new Set(Array.from(text.matchAll(/%\{([^{}]*)\}/g), (m) => m[1]))].sort();

/** Whether two texts fill in the same placeholders. */
export const samePlaceholders = (a: string, b: string): boolean => placeholdersOf(a).join('\u0000') === placeholdersOf(b).join('\u0000');
