import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTexts, flattenTexts, liveTexts, nestTexts, placeholdersOf } from '../../src/domain/language';
import { RESOURCE_TEXTS, shippedTexts } from '../../src/i18n/catalogue';
import { RESOURCES } from '../../src/resources';

const ROOT = resolve(__dirname, '../..');

/** The modules a file imports, followed through relative imports: the files reached and the packages named. */
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

describe('the catalogue of shipped texts', () => {
  it('holds the texts of every resource of the app, as the manifests declare them', () => {
    expect(Object.keys(RESOURCE_TEXTS).sort()).toEqual(RESOURCES.map((r) => r.name).sort());
    for (const resource of RESOURCES) expect(RESOURCE_TEXTS[resource.name], resource.name).toBe(resource.messages);
  });

  it('loads no React, no screen and no browser library, so that the server can read it', () => {
    const { files, packages } = importGraph(resolve(ROOT, 'src/i18n/catalogue.ts'));
    expect([...packages]).toEqual(['zod']);
    expect([...files].filter((file) => file.endsWith('.tsx'))).toEqual([]);
    expect([...files].filter((file) => /\/resources\/[^/]+\/(?!messages)[^/]+$/.test(file))).toEqual([]);
  });

  it('offers the app’s own keys in every language, without react-admin’s', () => {
    const en = shippedTexts('en');
    expect(en['menu.orders']).toBe('Orders');
    expect(en['resources.tags.name']).toBe('Tag |||| Tags');
    expect(en['errors.FORBIDDEN']).toBe('You are not allowed to do this');
    expect(en['validation.required']).toBe('Required');
    expect(Object.keys(en).filter((key) => key.startsWith('ra.'))).toEqual([]);
    for (const locale of ['ru', 'es'] as const) expect(Object.keys(shippedTexts(locale)), locale).toEqual(Object.keys(en));
    expect(shippedTexts('ru')['menu.orders']).toBe('Заказы');
    expect(shippedTexts('es')['menu.orders']).toBe('Pedidos');
  });
});

describe('texts by dotted key', () => {
  it('flatten and nest back to the same messages', () => {
    const tree = { menu: { orders: 'Orders', nested: { deep: 'Deep %{n}' } }, title: 'Title' };
    const flat = flattenTexts(tree);
    expect(flat).toEqual({ 'menu.orders': 'Orders', 'menu.nested.deep': 'Deep %{n}', title: 'Title' });
    expect(nestTexts(flat)).toEqual(tree);
    expect(() => flattenTexts({ 'a.b': 'x' })).toThrow(/dot/);
    expect(() => flattenTexts({ a: 1 })).toThrow(/not text/);
  });

  it('name the placeholders a text fills in, once each', () => {
    expect(placeholdersOf('%{smart_count} text |||| %{smart_count} texts of %{city}')).toEqual(['city', 'smart_count']);
    expect(placeholdersOf('No placeholder, 100%')).toEqual([]);
  });

  it('refuse unknown keys and changed placeholders, and keep only saved texts that still apply', () => {
    const shipped = { 'home.title': 'Welcome, %{username}', 'menu.orders': 'Orders' };
    expect(checkTexts({ 'home.title': 'Hi %{username}', 'menu.orders': 'All orders' }, shipped)).toEqual([]);
    expect(checkTexts({ 'home.title': 'Hi', 'menu.nope': 'x', 'menu.orders': '%{x}' }, shipped).map((e) => [e.field, e.message])).toEqual([
      ['data.home.title', 'must hold exactly the placeholders %{username}'],
      ['data.menu.nope', 'is not a known field'],
      ['data.menu.orders', 'must hold no placeholders'],
    ]);
    expect(liveTexts({ 'home.title': 'Hi', 'menu.orders': 'Orders', gone: 'x', 'menu.x': 1 }, shipped)).toEqual({});
    expect(liveTexts({ 'home.title': 'Hi %{username}', 'menu.orders': 'All' }, shipped)).toEqual({
      'home.title': 'Hi %{username}',
      'menu.orders': 'All',
    });
  });
});
