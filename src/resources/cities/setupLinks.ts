import { Role, type CitySetupItem, type CitySetupItemId, type ResourceName, type RoleId } from '../../domain';
import { BOT_CREATE_PATH } from '../bots/paths';
import { CUISINE_CREATE_PATH } from '../cuisines/paths';
import { dishCategoriesPath } from '../dishCategories/paths';
import { districtCreatePath } from '../districts/paths';
import { RESTAURANT_CREATE_PATH, RESTAURANT_LIST_PATH } from '../restaurants/paths';
import { TAG_CREATE_PATH } from '../tags/paths';
import { ADMIN_CREATE_PATH, ADMINS_PATH } from '../admins/paths';
import { cityDistrictsPath } from './paths';

/** A list filtered to the city, and a create form with the city filled in: react-admin reads both from the address. */
const filtered = (path: string, cityId: number) => `${path}?filter=${encodeURIComponent(JSON.stringify({ cityId }))}`;
const prefilled = (path: string, values: Record<string, number>) => `${path}?source=${encodeURIComponent(JSON.stringify(values))}`;

export interface SetupLink {
  to: string;
  /** Whether the link adds what is missing (else it opens what is there). */
  adds: boolean;
}

/**
 * Where a checklist item leads, with the city already chosen: what is missing opens its create
 * form, what is done its list. Settings and channels link each key instead (see CitySetup).
 */
export function setupLink(item: CitySetupItem, cityId: number, roleId: RoleId, allCities: boolean): SetupLink | null {
  const adds = !item.done;
  switch (item.id) {
    case 'districts':
      return { to: adds ? districtCreatePath(cityId) : cityDistrictsPath(cityId), adds };
    case 'bot':
      return {
        to: item.targetId === null ? prefilled(BOT_CREATE_PATH, { cityId }) : `/bots/${item.targetId}`,
        adds: item.targetId === null,
      };
    case 'cuisines':
      return { to: adds ? prefilled(CUISINE_CREATE_PATH, { cityId }) : filtered('/cuisines', cityId), adds };
    case 'tags':
      return { to: adds ? prefilled(TAG_CREATE_PATH, { cityId }) : filtered('/tags', cityId), adds };
    case 'restaurants':
      if (item.count === 0) return { to: prefilled(RESTAURANT_CREATE_PATH, { cityId }), adds: true };
      if (item.targetId !== null) return { to: dishCategoriesPath(item.targetId), adds: true };
      return { to: `${RESTAURANT_LIST_PATH}/${cityId}`, adds: false };
    case 'staff':
      // An admin adds the city's admin; a city admin, who cannot, an operator.
      if (adds)
        return { to: prefilled(ADMIN_CREATE_PATH, { cityId, roleId: roleId === Role.ADMIN ? Role.CITY_ADMIN : Role.OPERATOR }), adds };
      return { to: allCities ? filtered(ADMINS_PATH, cityId) : ADMINS_PATH, adds };
    default:
      return null;
  }
}

/** What each item's screen needs the user to be allowed, so that no link leads to a refusal. */
export const SETUP_ITEM_RESOURCE = {
  settings: 'cityConfig',
  districts: 'districts',
  bot: 'bots',
  cuisines: 'cuisines',
  tags: 'tags',
  restaurants: 'restaurants',
  staff: 'admins',
  channels: 'cityConfig',
} as const satisfies Record<CitySetupItemId, ResourceName>;
