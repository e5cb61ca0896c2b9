import type { Identifier } from 'react-admin';

/** The spec's paths of a restaurant's dish categories. */
export const DISH_CATEGORY_PATHS = {
  list: '/dishCategories/:restaurantId',
  create: '/dishCategory',
  edit: '/dishCategory/:id',
} as const;

export const dishCategoriesPath = (restaurantId: Identifier) => `/dishCategories/${restaurantId}`;
export const dishCategoryCreatePath = (restaurantId: Identifier) =>
  `/dishCategory?source=${encodeURIComponent(JSON.stringify({ restaurantId }))}`;
export const dishCategoryEditPath = (id: Identifier) => `/dishCategory/${id}`;

/** A positive id in the path, or null. */
export const pathId = (text: string | undefined): number | null => {
  const id = text !== undefined && /^\d{1,9}$/.test(text) ? Number(text) : 0;
  return id > 0 ? id : null;
};
