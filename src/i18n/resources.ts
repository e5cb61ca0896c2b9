import type { Locale } from '../domain';
import { botsMessages } from '../resources/bots/messages';
import { citiesMessages } from '../resources/cities/messages';
import { cuisinesMessages } from '../resources/cuisines/messages';
import { districtsMessages } from '../resources/districts/messages';
import { tagsMessages } from '../resources/tags/messages';

/** Each resource's texts live beside it; this gathers them under `resources.<name>`. */
const RESOURCE_MESSAGES = {
  bots: botsMessages,
  cities: citiesMessages,
  cuisines: cuisinesMessages,
  districts: districtsMessages,
  tags: tagsMessages,
};

export const resourceMessages = (locale: Locale) =>
  Object.fromEntries(Object.entries(RESOURCE_MESSAGES).map(([name, messages]) => [name, messages[locale]]));
