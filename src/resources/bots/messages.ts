import { translations } from '../../i18n/types';

export default translations({
  en: {
    name: 'Bot |||| Bots',
    fields: { id: 'Number', botToken: 'Bot token', cityId: 'City', city: 'City', endpoint: 'Endpoint' },
    helpers: {
      botToken: 'The token the messenger gave the bot, such as 123456789:AAH…',
      endpoint: 'The messenger sends the bot’s updates to this address.',
    },
    settings: 'Settings',
    token: { show: 'Show the token', hide: 'Hide the token' },
    endpoint: {
      copy: 'Copy the endpoint',
      missing: 'The public URL of the back-office is not set, so the bot has no endpoint yet. An admin sets it in the global settings.',
    },
    noFreeCity: 'Every city already has a bot',
    notifications: {
      copied: 'The endpoint was copied',
      copyFailed: 'The endpoint could not be copied: select it and copy it by hand',
    },
  },
  ru: {
    name: 'Бот |||| Боты',
    fields: { id: 'Номер', botToken: 'Токен бота', cityId: 'Город', city: 'Город', endpoint: 'Адрес для обновлений' },
    helpers: {
      botToken: 'Токен, который мессенджер выдал боту, например 123456789:AAH…',
      endpoint: 'На этот адрес мессенджер присылает обновления бота.',
    },
    settings: 'Настройки',
    token: { show: 'Показать токен', hide: 'Скрыть токен' },
    endpoint: {
      copy: 'Скопировать адрес',
      missing:
        'Публичный адрес бэк-офиса не задан, поэтому у бота пока нет адреса для обновлений. Его задаёт администратор в глобальных настройках.',
    },
    noFreeCity: 'У каждого города уже есть бот',
    notifications: {
      copied: 'Адрес скопирован',
      copyFailed: 'Не удалось скопировать адрес: выделите его и скопируйте вручную',
    },
  },
  es: {
    name: 'Bot |||| Bots',
    fields: { id: 'Número', botToken: 'Token del bot', cityId: 'Ciudad', city: 'Ciudad', endpoint: 'Dirección de actualizaciones' },
    helpers: {
      botToken: 'El token que el mensajero dio al bot, por ejemplo 123456789:AAH…',
      endpoint: 'El mensajero envía las actualizaciones del bot a esta dirección.',
    },
    settings: 'Ajustes',
    token: { show: 'Mostrar el token', hide: 'Ocultar el token' },
    endpoint: {
      copy: 'Copiar la dirección',
      missing:
        'La URL pública del back-office no está configurada, así que el bot aún no tiene dirección. Un administrador la define en los ajustes globales.',
    },
    noFreeCity: 'Todas las ciudades ya tienen un bot',
    notifications: {
      copied: 'La dirección se copió',
      copyFailed: 'No se pudo copiar la dirección: selecciónela y cópiela a mano',
    },
  },
});
