import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  clampStatsRange,
  daysOf,
  defaultStatsRange,
  defaultTopUsersStart,
  showsDataLabels,
  statsRangeProblem,
  utcOffsetMinutes,
} from '../../src/domain';
import { formatDuration } from '../../src/resources/stats/formatDuration';

describe('the rules of a statistics range (spec sections 5 and 9)', () => {
  it('starts 7 days back, both for the statistics and the top customers', () => {
    expect(defaultStatsRange('2026-03-20')).toEqual({ from: '2026-03-13', to: '2026-03-20' });
    expect(defaultTopUsersStart('2026-03-01')).toBe('2026-02-22');
  });

  it('allows at most 365 days between the calendar days as written, and never backwards', () => {
    expect(statsRangeProblem('2025-03-10', '2026-03-10')).toBeNull();
    expect(statsRangeProblem('2025-03-09', '2026-03-10')).toBe('tooLong');
    expect(statsRangeProblem('2026-03-10', '2026-03-09')).toBe('reversed');
    // A leap year's 365 days are one day short of a calendar year.
    expect(statsRangeProblem('2024-01-01', '2024-12-31')).toBeNull();
    expect(statsRangeProblem('2024-01-01', '2025-01-01')).toBe('tooLong');
    expect(statsRangeProblem('2025-03-10T00:00:00.000+03:00', '2026-03-10T23:59:59.999+03:00')).toBeNull();
  });

  it('moves only the end picked when it goes 365 days past the other, or past it, and says why', () => {
    const range = { from: '2026-03-01', to: '2026-03-10' };
    expect(clampStatsRange(range, 'from')).toEqual({ range, clamped: null });
    // The start picked a year and more back: the end stays, the start comes 365 days back from it.
    expect(clampStatsRange({ from: '2025-01-01', to: '2026-11-26' }, 'from')).toEqual({
      range: { from: '2025-11-26', to: '2026-11-26' },
      clamped: 'tooLong',
    });
    expect(clampStatsRange({ from: '2025-01-01', to: '2026-03-10' }, 'to')).toEqual({
      range: { from: '2025-01-01', to: '2026-01-01' },
      clamped: 'tooLong',
    });
    expect(clampStatsRange({ from: '2026-03-12', to: '2026-03-10' }, 'from')).toEqual({
      range: { from: '2026-03-10', to: '2026-03-10' },
      clamped: 'reversed',
    });
    expect(clampStatsRange({ from: '2026-03-12', to: '2026-03-10' }, 'to')).toEqual({
      range: { from: '2026-03-12', to: '2026-03-12' },
      clamped: 'reversed',
    });
  });

  it('labels the chart’s bars only when the range is over 7 days', () => {
    expect(showsDataLabels('2026-03-13', '2026-03-20')).toBe(false);
    expect(showsDataLabels('2026-03-12', '2026-03-20')).toBe(true);
    expect(showsDataLabels('2026-03-12T00:00:00.000+03:00', '2026-03-20T23:59:59.999+03:00')).toBe(true);
  });

  it('reads the zone and the calendar day of a value as written', () => {
    expect(utcOffsetMinutes('2026-03-01')).toBe(0);
    expect(utcOffsetMinutes('2026-03-01T00:00:00Z')).toBe(0);
    expect(utcOffsetMinutes('2026-03-01T00:00:00.000+05:30')).toBe(330);
    expect(utcOffsetMinutes('2026-03-01T00:00:00-03:00')).toBe(-180);
    expect(calendarDay('2026-03-01T23:59:59.999-03:00')).toBe('2026-03-01');
    expect(daysOf('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });
});

describe('durations of the funnel', () => {
  const english: Record<string, string> = { days: '%{n} d', hours: '%{n} h', minutes: '%{n} min', seconds: '%{n} s' };
  const translate = (key: string, options?: Record<string, unknown>) =>
    (english[key.split('.').pop() ?? ''] ?? key).replace('%{n}', String(options?.n));
  it('shows the two largest units, leaving out a zero second one', () => {
    expect(formatDuration(45, translate)).toBe('45 s');
    expect(formatDuration(90, translate)).toBe('1 min');
    expect(formatDuration(3 * 3600 + 5 * 60, translate)).toBe('3 h 5 min');
    expect(formatDuration(2 * 86400 + 59, translate)).toBe('2 d');
    expect(formatDuration(115_200, translate)).toBe('1 d 8 h');
  });
});
