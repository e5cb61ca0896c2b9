import type { AuditLabels } from '../../domain';

const dish = (name: string) => `resources.dishes.fields.${name}`;
const category = (name: string) => `resources.dishCategories.fields.${name}`;

/** The audit trail names the columns of a menu as the category and dish forms label them. */
export default {
  dish_categories: {
    restaurant_id: 'resources.restaurants.name',
    name: category('name'),
    name_ru: category('name_ru'),
    position: category('position'),
    enabled: category('enabled'),
    start_displaying_at: category('startDisplayingAt'),
    stop_displaying_at: category('stopDisplayingAt'),
  },
  dishes: {
    dish_category_id: 'resources.dishCategories.name',
    name: dish('name'),
    name_ru: dish('name_ru'),
    position: dish('position'),
    description: dish('description'),
    description_ru: dish('description_ru'),
    price: dish('price'),
    amount: dish('amount'),
    enabled: dish('enabled'),
    telegram_file_id: dish('telegramFileId'),
    popularity_coefficient: dish('popularityCoefficient'),
  },
  dish_tags: {
    dish_id: 'resources.dishes.name',
    tag_id: dish('tags'),
  },
} satisfies AuditLabels;
