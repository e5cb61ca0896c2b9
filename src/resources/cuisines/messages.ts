import { translations } from '../../i18n/types';

export default translations({
  en: {
    name: 'Cuisine |||| Cuisines',
    fields: {
      name: 'Name',
      name_ru: 'Name in Russian',
      position: 'Position',
      enabled: 'Enabled',
      cityId: 'City',
      city: 'City',
    },
  },
  ru: {
    name: 'Кухня |||| Кухни',
    fields: {
      name: 'Название',
      name_ru: 'Название на русском',
      position: 'Позиция',
      enabled: 'Включена',
      cityId: 'Город',
      city: 'Город',
    },
  },
  es: {
    name: 'Cocina |||| Cocinas',
    fields: {
      name: 'Nombre',
      name_ru: 'Nombre en ruso',
      position: 'Posición',
      enabled: 'Activada',
      cityId: 'Ciudad',
      city: 'Ciudad',
    },
  },
});
