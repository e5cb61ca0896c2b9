import { describe, expect, it } from 'vitest';
import { wallClock } from '../../server/areas/orders/exportSheet';

/** The wall clock of each instant in a zone, looked up on its own (nothing remembered): what the sheet must show. */
function lookUp(zone: string): (instant: Date) => number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return (instant) => {
    const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, Number(p.value)]));
    return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) + instant.getUTCMilliseconds();
  };
}

const MINUTE = 60_000;

describe('the export wall clock', () => {
  // Zones with summer time (an hour, half an hour), offsets on the quarter hour, and one without changes.
  const zones = ['Europe/Madrid', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/Sao_Paulo', 'Europe/Moscow'];

  it.each(zones)('gives every instant of a year its own offset in %s, around each change too', (zone) => {
    const local = wallClock(zone);
    const expected = lookUp(zone);
    const from = Date.UTC(2025, 0, 1);
    const wrong: string[] = [];
    // Every 37 minutes and 13 seconds over a year, newest first as the export reads them.
    for (let at = from + 365 * 24 * 60 * MINUTE; at >= from; at -= 37 * MINUTE + 13_000) {
      const instant = new Date(at + 123);
      if (local(instant).getTime() !== expected(instant)) wrong.push(instant.toISOString());
    }
    // And every 7 minutes of the weeks the offsets change in, spring and autumn.
    for (let at = Date.UTC(2025, 2, 8); at < Date.UTC(2025, 3, 8); at += 7 * MINUTE) {
      const instant = new Date(at);
      if (local(instant).getTime() !== expected(instant)) wrong.push(instant.toISOString());
    }
    for (let at = Date.UTC(2025, 8, 27); at < Date.UTC(2025, 10, 4); at += 7 * MINUTE) {
      const instant = new Date(at);
      if (local(instant).getTime() !== expected(instant)) wrong.push(instant.toISOString());
    }
    expect(wrong).toEqual([]);
  });

  it('shows UTC as it is', () => {
    const instant = new Date('2025-03-30T01:30:00.500Z');
    expect(wallClock('UTC')(instant).getTime()).toBe(instant.getTime());
  });
});
