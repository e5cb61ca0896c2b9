import { describe, expect, it } from 'vitest';
import { SessionVersions } from '../../server/auth/sessionVersions';

/** A database of versions whose reads are counted, and can be held to race a change. */
function fakeDatabase() {
  const versions = new Map<number, number>([[1, 0]]);
  let reads = 0;
  let hold: Promise<void> | null = null;
  return {
    versions,
    reads: () => reads,
    holdNextRead: () => {
      let release: () => void = () => {};
      hold = new Promise((resolve) => (release = resolve));
      return release;
    },
    load: async (id: number) => {
      reads++;
      const value = versions.get(id) ?? null;
      if (hold) {
        const waiting = hold;
        hold = null;
        await waiting;
      }
      return value;
    },
  };
}

describe('session versions kept in memory', () => {
  it('reads an account once while the database notifies changes', async () => {
    const db = fakeDatabase();
    const cache = new SessionVersions(db.load);
    cache.listeningStarted();
    for (let i = 0; i < 100; i++) expect(await cache.current(1)).toBe(0);
    expect(db.reads()).toBe(1);
  });

  it('reads again after a change is heard, and knows a deleted account', async () => {
    const db = fakeDatabase();
    const cache = new SessionVersions(db.load);
    cache.listeningStarted();
    await cache.current(1);
    db.versions.set(1, 1);
    cache.changed(1);
    expect(await cache.current(1)).toBe(1);
    db.versions.delete(1);
    cache.changed(1);
    expect(await cache.current(1)).toBeNull();
  });

  it('does not keep a read that raced a change', async () => {
    const db = fakeDatabase();
    const cache = new SessionVersions(db.load);
    cache.listeningStarted();
    const release = db.holdNextRead();
    const stale = cache.current(1);
    db.versions.set(1, 1);
    cache.changed(1);
    release();
    expect(await stale).toBe(0);
    expect(await cache.current(1)).toBe(1);
  });

  it('trusts a read only briefly while no one listens, and forgets everything when listening starts', async () => {
    const db = fakeDatabase();
    const cache = new SessionVersions(db.load, { uncheckedMs: 50 });
    await cache.current(1);
    await cache.current(1);
    expect(db.reads()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await cache.current(1);
    expect(db.reads()).toBe(2);
    cache.listeningStarted();
    await cache.current(1);
    expect(db.reads()).toBe(3);
    cache.listeningStopped();
    await new Promise((resolve) => setTimeout(resolve, 60));
    await cache.current(1);
    expect(db.reads()).toBe(4);
  });

  it('keeps at most maxEntries accounts', async () => {
    const db = fakeDatabase();
    const cache = new SessionVersions(db.load, { maxEntries: 2 });
    cache.listeningStarted();
    for (const id of [1, 2, 3, 1]) await cache.current(id);
    expect(db.reads()).toBe(4);
  });
});
