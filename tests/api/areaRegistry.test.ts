import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { areaRoutes } from '../../server/areas';

const AREAS = resolve(import.meta.dirname, '../../server/areas');

/** An area's routes modules: `routes.ts`, and `<name>Routes.ts` where the area has several. */
const isRoutesModule = (file: string): boolean => file === 'routes.ts' || /^[a-z]\w*Routes\.ts$/.test(file);

const routesModules = (): { area: string; file: string }[] =>
  readdirSync(AREAS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) =>
      readdirSync(join(AREAS, dir.name))
        .filter(isRoutesModule)
        .map((file) => ({ area: dir.name, file })),
    );

describe('the list of area routes', () => {
  it('holds every routes module of server/areas', async () => {
    const modules = routesModules();
    expect(modules.map((m) => m.area)).toContain('cities');
    const registered = new Set<unknown>(areaRoutes);
    const missing: string[] = [];
    for (const { area, file } of modules) {
      const exported: Record<string, unknown> = await import(pathToFileURL(join(AREAS, area, file)).href);
      const plugins = Object.entries(exported).filter(([name, value]) => name.endsWith('Routes') && typeof value === 'function');
      if (plugins.length === 0) missing.push(`${area}/${file} exports no routes`);
      for (const [name, plugin] of plugins) if (!registered.has(plugin)) missing.push(`${area}/${file}: ${name}`);
    }
    expect(missing).toEqual([]);
  });

  it('names each routes module once', () => {
    expect(new Set(areaRoutes).size).toBe(areaRoutes.length);
  });
});
