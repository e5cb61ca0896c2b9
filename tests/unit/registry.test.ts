import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/domain';
import { flattenTexts } from '../../src/domain/languageTexts';
import { appEn } from '../../src/i18n/en';
import { RESOURCE_TEXTS } from '../../src/i18n/resourceTexts';
import { pageTitleOf, titlePaths } from '../../src/layout/pageTitles';
import { RESOURCES } from '../../src/resources';

/** The folders of src/resources (files not loaded), and each folder's manifest as its index.ts exports it. */
const FOLDERS = [...new Set(Object.keys(import.meta.glob('../../src/resources/*/*')).map((path) => path.split('/').at(-2) ?? ''))].filter(
  (folder) => folder !== 'common',
);
const MANIFESTS = new Map(
  Object.entries(import.meta.glob<{ default: unknown }>('../../src/resources/*/index.ts', { eager: true })).map(([path, module]) => [
    path.split('/').at(-2) ?? '',
    module.default,
  ]),
);

/**
 * A resource is its folder under src/resources and one line in src/resources/index.ts; what the
 * app builds from it (routes, data provider, menu, tab titles, texts) is read from the folder.
 * This walks the registry so that a forgotten or half-made resource fails here, not in use.
 */
describe('the registry of resources', () => {
  it('lists every folder of src/resources once, under the folder’s name', () => {
    const names = RESOURCES.map((resource) => resource.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...FOLDERS].sort());
    for (const resource of RESOURCES) expect(MANIFESTS.get(resource.name), resource.name).toBe(resource);
  });

  it('finds each resource’s texts in every language, with the same keys', () => {
    expect(Object.keys(RESOURCE_TEXTS).sort()).toEqual([...FOLDERS].sort());
    for (const [name, texts] of Object.entries(RESOURCE_TEXTS)) {
      const english = Object.keys(flattenTexts(texts.en)).sort();
      expect(english, name).toContain('name');
      for (const locale of LOCALES) expect(Object.keys(flattenTexts(texts[locale])).sort(), `${name} ${locale}`).toEqual(english);
    }
  });

  it('gives every menu entry its own id, with a label', () => {
    const ids = RESOURCES.flatMap(({ menu = [] }) => menu.map((entry) => entry.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(appEn.menu[id], id).toBeTypeOf('string');
  });

  it('titles every path a resource names with that resource’s name', () => {
    for (const resource of RESOURCES) {
      for (const pattern of titlePaths(resource)) {
        const path = pattern.replace(/:\w+/g, '1');
        expect(pageTitleOf(path, RESOURCES)?.key, path).toBe(`resources.${resource.name}.name`);
      }
    }
  });

  it('brings a data-provider entry for each resource, and every entry loads', async () => {
    for (const resource of RESOURCES) {
      expect(resource.data[resource.name], resource.name).toBeTypeOf('function');
      for (const load of Object.values(resource.data)) {
        const handlers = await load();
        expect(Object.keys(handlers).length, resource.name).toBeGreaterThan(0);
      }
    }
  });
});
