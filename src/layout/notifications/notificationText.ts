import { ORDER_TIMER_STAGES, type NotificationRecord } from '../../domain';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const isStage = (stage: string | undefined) => ORDER_TIMER_STAGES.some((known) => known === stage);

/** A notification's sentence in the reader's language, from its kind and its args. */
export const notificationText = (translate: Translate, { kind, args }: Pick<NotificationRecord, 'kind' | 'args'>): string => {
  const failure = kind === 'messageFailed' ? translate(`resources.orders.chat.failures.${args.failure ?? 'REFUSED'}`) : '';
  return translate(`notifications.kinds.${kind}`, {
    threadId: args.threadId ?? '',
    minutes: args.minutes ?? '',
    stage: isStage(args.stage) ? translate(`notifications.stages.${args.stage ?? ''}`) : '',
    failure,
    mailingId: args.mailingId ?? '',
    position: args.position ?? 0,
    count: args.count ?? 0,
  });
};

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "5 minutes ago", "yesterday", "now", in the reader's language. */
export const relativeTime = (at: string, now: number, locale: string): string => {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const elapsed = new Date(at).getTime() - now;
  for (const [unit, ms] of UNITS) if (Math.abs(elapsed) >= ms) return format.format(Math.round(elapsed / ms), unit);
  return format.format(0, 'second');
};
