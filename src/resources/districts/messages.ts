import { translations } from '../../i18n/types';

export default translations({
  en: {
    name: 'District |||| Districts',
    fields: { name: 'Name', name_ru: 'Name in Russian', cityId: 'City' },
    cityTitle: 'Districts of %{city}',
    cityTitleUnnamed: 'Districts of the city',
  },
  ru: {
    name: 'Район |||| Районы',
    fields: { name: 'Название', name_ru: 'Название на русском', cityId: 'Город' },
    cityTitle: 'Районы города %{city}',
    cityTitleUnnamed: 'Районы города',
  },
  es: {
    name: 'Distrito |||| Distritos',
    fields: { name: 'Nombre', name_ru: 'Nombre en ruso', cityId: 'Ciudad' },
    cityTitle: 'Distritos de %{city}',
    cityTitleUnnamed: 'Distritos de la ciudad',
  },
});
