import russianMessages from 'ra-language-russian';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import type { appEn } from './en';
import { resourceMessages } from './resources';
import type { Texts } from './types';

export const appRu: Texts<typeof appEn> = {
  app: {
    title: 'Бэк-офис',
    newVersion: {
      title: 'Вышла новая версия',
      text: 'Доступна версия бэк-офиса %{version}. Перезагрузите страницу, чтобы перейти на неё.',
      reload: 'Перезагрузить страницу',
    },
    pageNotFound: 'Страница не найдена',
    userNotFound: 'Пользователь не найден',
    openMenu: 'Открыть меню',
    allCities: 'Все города',
  },
  validation: {
    required: 'Обязательное поле',
    lessThan: 'должно быть меньше %{amount} символов',
    between: 'больше %{moreAmount} и меньше %{lessAmount} символов',
    range: 'должно быть от %{min} до %{max}',
    atLeast: 'должно быть не меньше %{min}',
    number: 'должно быть числом',
    integer: 'должно быть целым числом',
    boolean: 'должно быть «да» или «нет»',
    text: 'должно быть текстом',
    notZero: 'Не может быть пустым',
    id: 'выберите значение из списка',
    url: 'должно быть ссылкой http(s)',
    numericId: 'должно быть числовым id в мессенджере',
    unknownField: 'неизвестное поле',
    currency: 'трёхбуквенный код валюты, например EUR',
    botToken: 'должен выглядеть как 123456789:ABC… (токен, выданный мессенджером)',
    time: 'время в формате 22:00',
    locales: 'языки из списка en, ru, es',
    secret: 'только латинские буквы, цифры, _ и -',
  },
  menu: {
    stats: 'Статистика',
    bots: 'Боты',
    cuisines: 'Кухни',
    restaurants: 'Рестораны',
    restaurant: 'Мой ресторан',
    reviews: 'Отзывы',
    ownReviews: 'Отзывы',
    ads: 'Реклама',
    cities: 'Города',
    city: 'Мой город',
    spam: 'Рассылки',
    topUsers: 'Лучшие клиенты',
    orders: 'Заказы',
    tags: 'Теги',
    referrals: 'Реферальные ссылки',
    admins: 'Сотрудники',
    logout: 'Выйти',
  },
  auth: {
    title: 'Вход в бэк-офис',
    username: 'Логин',
    password: 'Пароль',
    showPassword: 'Показать пароль',
    hidePassword: 'Скрыть пароль',
    submit: 'Войти',
    required: 'Обязательное поле',
    wrongCredentials: 'Вы указали неверный пароль или логин',
    tooManyAttempts: 'Слишком много неудачных попыток. Повторите через несколько минут.',
    notAllowed: 'Курьеры и клиенты не могут входить в бэк-офис',
    networkError: 'Сервер недоступен. Проверьте соединение и попробуйте снова.',
  },
  logout: {
    title: 'Выход',
    text: 'Вы вошли как %{username}. Выход удалит сохранённый вход на этом устройстве.',
    button: 'Выйти',
  },
  home: {
    title: 'Добро пожаловать, %{username}',
    language: 'Язык интерфейса',
  },
  roles: {
    admin: 'Администратор',
    cityAdmin: 'Администратор города',
    operator: 'Оператор',
    owner: 'Владелец ресторана',
    courier: 'Курьер',
    user: 'Клиент',
  },
};

export const ru: TranslationMessages = mergeTranslations(russianMessages, appRu, { resources: resourceMessages('ru') });
