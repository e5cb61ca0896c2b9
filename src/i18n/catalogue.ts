import type { Locale } from '../domain/constants';
import { flattenTexts, type TextMap } from '../domain/languageTexts';
import { adminsMessages } from '../resources/admins/messages';
import { adsMessages } from '../resources/ads/messages';
import { auditMessages } from '../resources/audit/messages';
import { botsMessages } from '../resources/bots/messages';
import { citiesMessages } from '../resources/cities/messages';
import { cuisinesMessages } from '../resources/cuisines/messages';
import { dishCategoriesMessages } from '../resources/dishCategories/messages';
import { dishesMessages } from '../resources/dishes/messages';
import { districtsMessages } from '../resources/districts/messages';
import { languageMessages } from '../resources/language/messages';
import { ordersMessages } from '../resources/orders/messages';
import { referralsMessages } from '../resources/referrals/messages';
import { restaurantsMessages } from '../resources/restaurants/messages';
import { reviewsMessages } from '../resources/reviews/messages';
import { spamMessages } from '../resources/spam/messages';
import { statsMessages } from '../resources/stats/messages';
import { tagsMessages } from '../resources/tags/messages';
import { topUsersMessages } from '../resources/topUsers/messages';
import { appEn } from './en';
import { ERROR_MESSAGES } from './errors';
import { appEs } from './es';
import { appRu } from './ru';

/**
 * The app's own texts in each language as plain data, flattened to dotted keys: the keys the
 * translation editor offers and the API accepts, and the shipped texts a saved one replaces.
 * react-admin's own texts (`ra.*`) come with the library and are not edited here.
 *
 * Only text modules are imported, never a screen, so the server can read this: no React in
 * its imports (tests/api/languageCatalogue.test.ts), and the resources here are those of
 * src/resources/index.ts (tests/unit/languageCatalogue.test.ts), one more line per resource.
 */
export const RESOURCE_TEXTS: Readonly<Record<string, Readonly<Record<Locale, object>>>> = {
  bots: botsMessages,
  cities: citiesMessages,
  cuisines: cuisinesMessages,
  districts: districtsMessages,
  restaurants: restaurantsMessages,
  tags: tagsMessages,
  dishCategories: dishCategoriesMessages,
  dishes: dishesMessages,
  orders: ordersMessages,
  referrals: referralsMessages,
  reviews: reviewsMessages,
  ads: adsMessages,
  spam: spamMessages,
  stats: statsMessages,
  topUsers: topUsersMessages,
  admins: adminsMessages,
  language: languageMessages,
  audit: auditMessages,
};

const APP_TEXTS: Readonly<Record<Locale, object>> = { en: appEn, ru: appRu, es: appEs };

const treeOf = (locale: Locale) => ({
  ...APP_TEXTS[locale],
  resources: Object.fromEntries(Object.entries(RESOURCE_TEXTS).map(([name, messages]) => [name, messages[locale]])),
  errors: ERROR_MESSAGES[locale],
});

const built = new Map<Locale, Readonly<TextMap>>();

/**
 * Every editable text the app ships in one language, by key. The keys are the English ones; a
 * text a language lacks is its English one, as the app shows it.
 */
export function shippedTexts(locale: Locale): Readonly<TextMap> {
  let texts = built.get(locale);
  if (!texts) {
    const english = flattenTexts(treeOf('en'));
    const own = locale === 'en' ? english : flattenTexts(treeOf(locale));
    texts = Object.freeze(Object.fromEntries(Object.keys(english).map((key) => [key, own[key] ?? english[key]])));
    built.set(locale, texts);
  }
  return texts;
}
