import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** The modules a file loads at run time, followed through relative imports: the files reached and the packages named. */
function importGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    // Type-only imports leave nothing behind at run time.
    for (const match of source.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
      const specifier = match[1];
      if (!specifier.startsWith('.')) {
        packages.add(specifier);
        continue;
      }
      const base = resolve(dirname(file), specifier);
      const found = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((candidate) => existsSync(candidate));
      if (!found) throw new Error(`${file}: cannot resolve ${specifier}`);
      visit(found);
    }
  };
  visit(entry);
  return { files, packages };
}

/** The messages modules the server finds by folder, as server/areas/language/routes.ts does. */
const messageFiles = (): string[] =>
  readdirSync(resolve(ROOT, 'src/resources'))
    .map((name) => resolve(ROOT, 'src/resources', name, 'messages.ts'))
    .filter((file) => existsSync(file));

/**
 * The server reads the catalogue of shipped texts (src/i18n/catalogue.ts) and every resource's
 * messages.ts to know the keys the translation editor may save: it must load text modules
 * only, never React or a screen.
 */
describe('the catalogue of shipped texts, as the server loads it', () => {
  it('loads no React, no screen and no browser library', () => {
    const files = new Set<string>();
    const packages = new Set<string>();
    for (const entry of [resolve(ROOT, 'src/i18n/catalogue.ts'), ...messageFiles()]) {
      const graph = importGraph(entry);
      for (const file of graph.files) files.add(file);
      for (const name of graph.packages) packages.add(name);
    }
    expect([...packages]).toEqual(['zod']);
    expect([...files].filter((file) => file.endsWith('.tsx'))).toEqual([]);
    const screens = [...files].filter((file) => file.includes('/src/resources/') && !/\/messages\.ts$/.test(file));
    expect(screens).toEqual([]);
    expect(files.has(resolve(ROOT, 'src/resources/orders/messages.ts'))).toBe(true);
  });
});
