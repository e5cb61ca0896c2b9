import { translations } from '../../i18n/types';

export default translations({
  en: {
    name: 'Tag |||| Tags',
    fields: { name: 'Name', name_ru: 'Name in Russian', cityId: 'City' },
  },
  ru: {
    name: 'Тег |||| Теги',
    fields: { name: 'Название', name_ru: 'Название на русском', cityId: 'Город' },
  },
  es: {
    name: 'Etiqueta |||| Etiquetas',
    fields: { name: 'Nombre', name_ru: 'Nombre en ruso', cityId: 'Ciudad' },
  },
});
