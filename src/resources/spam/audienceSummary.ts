import type { MailingAudienceRecord } from '../../domain';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A mailing's filters in words, in the order the composer shows them: "ordered in the last 30
 * days · from Pizza Roma, Sushi · at least 3 orders · languages: ru". Empty when it had none.
 */
export const audienceSummary = (audience: MailingAudienceRecord, translate: Translate, locale: string): string => {
  const names = audience.restaurantIds.map((id) => {
    const restaurant = audience.restaurants.find((r) => r.id === id);
    if (!restaurant) return `#${id}`;
    return locale === 'ru' && restaurant.name_ru ? restaurant.name_ru : restaurant.name;
  });
  const parts = [
    audience.orderedWithinDays === null
      ? null
      : translate('resources.spam.summary.orderedWithin', { smart_count: audience.orderedWithinDays }),
    names.length > 0 ? translate('resources.spam.summary.from', { names: names.join(', ') }) : null,
    audience.minOrders === null ? null : translate('resources.spam.summary.minOrders', { smart_count: audience.minOrders }),
    audience.neverOrdered ? translate('resources.spam.summary.neverOrdered') : null,
    audience.languages.length > 0 ? translate('resources.spam.summary.languages', { languages: audience.languages.join(', ') }) : null,
  ];
  return parts.filter((part): part is string => part !== null).join(' · ');
};
