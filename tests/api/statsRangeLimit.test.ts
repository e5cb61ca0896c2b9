import { describe, expect, it } from 'vitest';
import { addDays, STATS_FIGURES, STATS_MAX_RANGE_DAYS } from '../../src/domain';
import { backends } from './harness';
import { useStatsApp } from './statsFixtures';

/**
 * The longest range the statistics take is the rule of src/domain/stats.ts, which the screen
 * clamps to: every figure takes exactly that many days, and answers one day more with a 400
 * and its reason, as a city admin asks too.
 */
describe.each(backends)('the statistics range limit on %s', (backend) => {
  const t = useStatsApp(backend);
  const query = (dateFrom: string, dateTo: string) => new URLSearchParams({ dateFrom, dateTo }).toString();

  it('every figure takes the longest range and refuses a day more, with the reason', async () => {
    const end = '2026-03-10';
    for (const figure of STATS_FIGURES) {
      const longest = await t().call('cityadmin', 'GET', `/stats/${figure}?${query(addDays(end, -STATS_MAX_RANGE_DAYS), end)}`);
      expect(longest.statusCode, `${figure}: ${longest.body}`).toBe(200);
      const tooLong = await t().call('cityadmin', 'GET', `/stats/${figure}?${query(addDays(end, -STATS_MAX_RANGE_DAYS - 1), end)}`);
      expect(tooLong.statusCode, figure).toBe(400);
      expect(tooLong.json(), figure).toMatchObject({
        code: 'STATS_RANGE_TOO_LONG',
        args: { days: STATS_MAX_RANGE_DAYS },
        details: [{ field: 'dateTo' }],
      });
    }
  });
});
