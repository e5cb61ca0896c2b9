import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneLiveEvents } from '../../server/live/liveEventRows';
import { LiveHub } from '../../server/live/liveHub';
import { Role } from '../../src/domain';
import { backends, createCity, openTestDb, type TestDb } from './harness';

/** The hub of one process without HTTP around it: heartbeats, a stream's end, retention. */
describe.each(backends)('the live event hub on %s', (backend) => {
  let t: TestDb;
  let cityId: number;
  const admin = { id: 1, roleId: Role.ADMIN, cityId: null, restaurantId: null };
  const session = { expiresAt: new Date(Date.now() + 3600_000), isCurrent: async () => true };

  beforeAll(async () => {
    t = await openTestDb(backend);
    cityId = await createCity(t.db);
  });
  afterAll(async () => t?.close());

  const textOf = (stream: Readable) => {
    let text = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (text += chunk));
    return () => text;
  };

  it('sends a heartbeat to a quiet stream, and forgets a stream whose client left', async () => {
    const hub = new LiveHub({ db: t.db, now: () => new Date(), tickMs: 20, heartbeatMs: 100 });
    try {
      const stream = await hub.open(admin, session, null);
      const text = textOf(stream);
      expect(hub.size).toBe(1);
      await expect.poll(() => text().match(/^: ping$/gm)?.length ?? 0, { timeout: 2000 }).toBeGreaterThanOrEqual(2);
      expect(text()).toMatch(/^retry: 3000\n\n/);
      stream.destroy();
      await expect.poll(() => hub.size).toBe(0);
    } finally {
      await hub.close();
    }
  });

  it('deletes events older than an hour from time to time, keeping the newer ones', async () => {
    const old = new Date(Date.now() - 2 * 3600_000);
    const insert = (createdAt: Date) =>
      t.db
        .insertInto('live_events')
        .values({ type: 'order.created', city_id: cityId, restaurant_id: null, payload: '{}', created_at: createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
    const stale = [await insert(old), await insert(old)];
    const fresh = await insert(new Date(Date.now() - 30 * 60_000));
    const hub = new LiveHub({ db: t.db, now: () => new Date(), tickMs: 20, pruneEveryMs: 50 });
    try {
      const kept = async () =>
        (
          await t.db
            .selectFrom('live_events')
            .select('id')
            .where(
              'id',
              'in',
              [...stale, fresh].map((r) => r.id),
            )
            .execute()
        ).map((r) => r.id);
      await expect.poll(kept, { timeout: 3000 }).toEqual([fresh.id]);
    } finally {
      await hub.close();
    }
    // Two processes pruning at once both finish.
    await insert(old);
    const counts = await Promise.all([
      pruneLiveEvents(t.db, new Date(Date.now() - 3600_000)),
      pruneLiveEvents(t.db, new Date(Date.now() - 3600_000)),
    ]);
    expect(counts[0] + counts[1]).toBe(1);
    const left = await sql<{ n: number }>`SELECT count(*)::int AS n FROM live_events WHERE created_at < now() - interval '1 hour'`.execute(
      t.db,
    );
    expect(left.rows[0]?.n).toBe(0);
  });
});
