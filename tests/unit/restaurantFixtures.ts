import { http, HttpResponse } from 'msw';
import type { Restaurant } from '../../src/domain';
import { API } from './mockApi';

/** Green Garden of city 1 as the API answers it, with one district and one cuisine. */
export const GREEN_GARDEN: Restaurant = {
  id: 5,
  name: 'Green Garden',
  name_ru: 'Зелёный сад',
  description: '',
  description_ru: '',
  receipt_text: 'Thanks',
  receipt_text_ru: 'Спасибо',
  position: 2,
  enabled: true,
  active: true,
  minOrderSum: 10,
  deliveryPrice: 2,
  deliveryTime: '45 min',
  maximumPreorderTime: null,
  recentOrdersCount: 0,
  address: 'Main street 5',
  canPickup: true,
  canDelivery: true,
  telegramFileId: null,
  schedule: '10:00-22:00',
  link: null,
  districtId: null,
  cityId: 1,
  city: { id: 1, name: 'London', name_ru: 'Лондон', chatname: 'london_bot', currency: 'GBP' },
  workingDays: [1, 2, 3, 4, 5, 6, 7].map((value) => ({ value, enabled: value < 6, schedule: value < 6 ? '10:00-22:00' : '' })),
  notificationUser: null,
  notificationAccountTelegramId: null,
  restaurantCuisines: [{ cuisineId: 7 }],
  selectedCuisines: [7],
  districtRestaurants: [{ restaurantId: 5, districtId: 3, enabled: true, price: 3, district: { name: 'North', name_ru: 'Север' } }],
  publicLink: 'https://t.me/london_bot?start=restaurant_5',
  paused: false,
  pausedAt: null,
  pausedUntil: null,
};

/** The calls the restaurant screens make around the record: its city's districts and cuisines, the cities, a photo. */
export const restaurantSurroundings = [
  http.get(`${API}/restaurants/5`, () => HttpResponse.json(GREEN_GARDEN)),
  http.get(`${API}/restaurants`, () => HttpResponse.json([GREEN_GARDEN], { headers: { 'X-Total-Count': '1' } })),
  http.get(`${API}/restaurants/city/:cityId`, () => HttpResponse.json([GREEN_GARDEN], { headers: { 'X-Total-Count': '1' } })),
  http.get(`${API}/cities/:cityId/districts`, () =>
    HttpResponse.json([{ id: 3, name: 'North', name_ru: 'Север', cityId: 1 }], { headers: { 'X-Total-Count': '1' } }),
  ),
  http.get(`${API}/cuisines`, () =>
    HttpResponse.json([{ id: 7, name: 'Thai', name_ru: 'Тайская', cityId: 1 }], { headers: { 'X-Total-Count': '1' } }),
  ),
  http.get(`${API}/cuisines/city/:cityId`, () =>
    HttpResponse.json([{ id: 7, name: 'Thai', name_ru: 'Тайская', cityId: 1 }], { headers: { 'X-Total-Count': '1' } }),
  ),
  http.get(`${API}/cities`, () => HttpResponse.json([{ id: 1, name: 'London', name_ru: 'Лондон' }], { headers: { 'X-Total-Count': '1' } })),
  http.get(`${API}/photo`, () => new HttpResponse(null, { status: 404 })),
];

/** The fields a valid new restaurant is typed with, by input name. */
export const NEW_RESTAURANT_INPUTS = {
  name: 'Green Garden',
  name_ru: 'Зелёный сад',
  address: 'Main street 5',
  position: '1',
  minOrderSum: '10',
  deliveryTime: '45 min',
  schedule: '10:00-22:00',
};
