import type { Identifier } from 'react-admin';

/** The spec's paths of the restaurant screens. */
export const RESTAURANT_LIST_PATH = '/restaurants';
export const RESTAURANT_CREATE_PATH = '/restaurant';
export const restaurantEditPath = (id: Identifier) => `/restaurant/${id}`;
export const restaurantReviewsPath = (id: Identifier) => `/restaurant/${id}/reviews`;
export const dishCategoriesPath = (id: Identifier) => `/dishCategories/${id}`;
