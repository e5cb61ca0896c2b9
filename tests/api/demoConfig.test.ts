import { describe, expect, it } from 'vitest';
import { cityConfig } from '../../server/db/demo';
import { DEMO_CITIES } from '../../server/db/demo/catalog';
import { Random } from '../../server/db/demo/random';
import { validateConfig } from '../../src/domain';

describe('the demo data', () => {
  it.each(DEMO_CITIES.map((city, index) => [city.name, index] as const))(
    'the config of %s passes the city form rules untouched',
    (_name, index) => {
      const config = cityConfig(DEMO_CITIES[index], index, new Random(7));
      expect(validateConfig(config)).toEqual([]);
    },
  );
});
