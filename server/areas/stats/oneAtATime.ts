/**
 * Runs the statistics queries of this process one after another. On PGlite every query of
 * every request waits for the one connection: a screen's nine figures asked at once would
 * queue nine long queries ahead of an order or a bot's update. Taken one at a time, at most
 * one is ever ahead of them. On a PostgreSQL server it keeps the statistics to one connection
 * of the pool. The screen shows each figure as it comes.
 */
export function oneAtATime() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const turn = last.then(work, work);
    // The next one waits for this one to end, however it ends.
    last = turn.catch(() => undefined);
    return turn;
  };
}
