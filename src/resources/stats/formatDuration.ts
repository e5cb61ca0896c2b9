type Translate = (key: string, options?: Record<string, unknown>) => string;

const UNITS = [
  ['days', 86_400],
  ['hours', 3_600],
  ['minutes', 60],
] as const;

/**
 * A time span as people read it, its two largest units: "3 d 4 h", "45 min", "20 s"
 * (`resources.stats.duration.*` in the user's language).
 */
export function formatDuration(seconds: number, translate: Translate): string {
  const rounded = Math.round(seconds);
  if (rounded < 60) return translate('resources.stats.duration.seconds', { n: rounded });
  let rest = rounded;
  const amounts = UNITS.map(([unit, size]) => {
    const n = Math.floor(rest / size);
    rest -= n * size;
    return { unit, n };
  });
  const largest = amounts.findIndex(({ n }) => n > 0);
  return amounts
    .slice(largest, largest + 2)
    .filter(({ n }, i) => i === 0 || n > 0)
    .map(({ unit, n }) => translate(`resources.stats.duration.${unit}`, { n }))
    .join(' ');
}

/** A response time: milliseconds below a second, seconds with one decimal above. */
export const formatResponseTime = (ms: number, translate: Translate, locale: string): string =>
  ms < 1000
    ? translate('resources.stats.duration.ms', { n: Math.round(ms) })
    : translate('resources.stats.duration.seconds', {
        n: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(ms / 1000),
      });
