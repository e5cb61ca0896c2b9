import type { AuditLabels } from '../../domain';

const field = (name: string) => `resources.restaurants.fields.${name}`;

/** The audit trail names the columns of a restaurant and its lists as the restaurant form labels them. */
export default {
  restaurants: {
    city_id: field('cityId'),
    district_id: field('districtId'),
    name: field('name'),
    name_ru: field('name_ru'),
    description: field('description'),
    description_ru: field('description_ru'),
    receipt_text: field('receipt_text'),
    receipt_text_ru: field('receipt_text_ru'),
    position: field('position'),
    enabled: field('enabled'),
    active: field('active'),
    min_order_sum: field('minOrderSum'),
    delivery_price: field('deliveryPrice'),
    delivery_time: field('deliveryTime'),
    maximum_preorder_time: field('maximumPreorderTime'),
    address: field('address'),
    can_pickup: field('canPickup'),
    can_delivery: field('canDelivery'),
    telegram_file_id: field('telegramFileId'),
    schedule: field('schedule'),
    link: field('link'),
    notification_user_id: field('notificationUser'),
  },
  restaurant_working_days: {
    restaurant_id: 'resources.restaurants.name',
    value: 'resources.audit.columns.day',
    enabled: field('enabled'),
    schedule: field('schedule'),
  },
  restaurant_cuisines: {
    restaurant_id: 'resources.restaurants.name',
    cuisine_id: 'resources.cuisines.name',
  },
  district_restaurants: {
    restaurant_id: 'resources.restaurants.name',
    district_id: field('districtId'),
    enabled: field('enabled'),
    price: field('price'),
  },
} satisfies AuditLabels;
