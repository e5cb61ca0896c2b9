/**
 * The sends of the last second, as the messenger counts them: at most `perSecond` in any one
 * second. Slots late by a moment are caught up (a stalled process does not lose them), but
 * never faster than this.
 */
export function rateWindow(perSecond: number) {
  const size = Math.max(1, Math.floor(perSecond));
  const sent = new Float64Array(size).fill(Number.NEGATIVE_INFINITY);
  let oldest = 0;
  return {
    /** When the next send may go (performance.now() time): once the send `perSecond` sends ago is a second old. */
    freeAt: (): number => sent[oldest] + 1000,
    record(at: number): void {
      sent[oldest] = at;
      oldest = (oldest + 1) % size;
    },
  };
}
