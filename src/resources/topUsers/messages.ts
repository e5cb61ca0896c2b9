import { translations } from '../../i18n/types';

/** The texts of /users/top. */
export default translations({
  en: {
    name: 'Top customer |||| Top customers',
    fields: {
      cityId: 'City',
      startDate: 'Orders since',
      photo: 'Photo',
      name: 'Name',
      username: 'Messenger',
      ordersAmount: 'Orders',
    },
    orders: '%{smart_count} order |||| %{smart_count} orders',
    photoOf: 'Photo of %{name}',
    openChat: 'Open %{username} in the messenger',
    empty: 'No orders since then.',
  },
  ru: {
    name: 'Лучший клиент |||| Лучшие клиенты',
    fields: {
      cityId: 'Город',
      startDate: 'Заказы с',
      photo: 'Фото',
      name: 'Имя',
      username: 'Мессенджер',
      ordersAmount: 'Заказы',
    },
    orders: '%{smart_count} заказ |||| %{smart_count} заказа |||| %{smart_count} заказов',
    photoOf: 'Фото: %{name}',
    openChat: 'Открыть %{username} в мессенджере',
    empty: 'С этой даты заказов нет.',
  },
  es: {
    name: 'Mejor cliente |||| Mejores clientes',
    fields: {
      cityId: 'Ciudad',
      startDate: 'Pedidos desde',
      photo: 'Foto',
      name: 'Nombre',
      username: 'Mensajero',
      ordersAmount: 'Pedidos',
    },
    orders: '%{smart_count} pedido |||| %{smart_count} pedidos',
    photoOf: 'Foto de %{name}',
    openChat: 'Abrir %{username} en el mensajero',
    empty: 'No hay pedidos desde entonces.',
  },
});
