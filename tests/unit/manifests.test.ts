import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/resources';

describe('the resource manifests', () => {
  it('name each resource once, with a data-provider entry for itself', () => {
    const names = RESOURCES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const resource of RESOURCES) {
      expect(resource.data[resource.name], resource.name).toBeTypeOf('function');
    }
  });

  it('load every screen and data entry they name', async () => {
    for (const resource of RESOURCES) {
      for (const load of Object.values(resource.data)) {
        const handlers = await load();
        expect(Object.keys(handlers).length, resource.name).toBeGreaterThan(0);
      }
    }
  });
});
