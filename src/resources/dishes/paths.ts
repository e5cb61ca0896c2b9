import type { Identifier } from 'react-admin';

/** The spec's paths of dishes: the list of the saved category, add and edit. */
export const DISH_CREATE_PATH = '/dishes/add';
export const dishesPath = (dishCategoryId: Identifier) => `/dishes?filter=${encodeURIComponent(JSON.stringify({ dishCategoryId }))}`;
export const dishCreatePath = (dishCategoryId: Identifier) =>
  `${DISH_CREATE_PATH}?source=${encodeURIComponent(JSON.stringify({ dishCategoryId }))}`;
export const dishEditPath = (id: Identifier) => `/dishes/${id}`;

/** A price as the customer sees it, in the city's currency. */
export const formatPrice = (price: number, currency: string, locale: string): string => {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(price);
  } catch {
    return `${price} ${currency}`;
  }
};
