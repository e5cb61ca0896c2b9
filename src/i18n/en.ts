import englishMessages from 'ra-language-english';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import { VALIDATION_MESSAGES_EN } from '../domain/validationMessages';
import { ERROR_MESSAGES } from './errors';
import { resourceMessages } from './resources';

/** The product's own English texts; react-admin's come from ra-language-english. */
export const appEn = {
  app: {
    title: 'Back-office',
    newVersion: {
      title: 'A new version was released',
      text: 'Version %{version} of the back-office is available. Reload the page to use it.',
      reload: 'Reload the page',
    },
    pageNotFound: 'Page not found',
    userNotFound: 'User is not found',
    openMenu: 'Open the menu',
    allCities: 'All cities',
    otherCity: {
      title: 'Another city',
      text: 'This page belongs to a city you do not work in.',
      open: 'Open my city',
    },
    home: 'Home',
    pageTitle: '%{page} — %{app}',
    photo: {
      label: 'Photo',
      upload: 'Upload a file',
      byLink: 'or a link / file id',
      preview: 'Preview',
      errorTitle: 'Error',
      uploadError: 'Error while uploading image',
      getError: 'Error while getting image',
      linkError: 'This link does not show an image',
    },
    settings: {
      title: 'Service settings',
      intro: 'Settings of the whole service. The bots’ webhooks are built from the public address.',
      open: 'Fill in',
      missingGlobalTitle: 'A global setting is missing!',
      missingCityConfig: '%{city} lacks the config parameters %{keys}. Some functionality might not work.',
      keys: { publicUrl: 'Public address of this server', webhookSecret: 'Webhook secret' },
      help: {
        publicUrl: 'The http(s) address the messenger reaches this server at, such as https://food.example.com',
        webhookSecret: 'At least 16 letters, digits, _ or -; the messenger sends it with every update',
      },
      savedTitle: 'Saved',
      saved: 'The settings were saved',
    },
  },
  validation: VALIDATION_MESSAGES_EN,
  menu: {
    stats: 'Statistics',
    bots: 'Bots',
    cuisines: 'Cuisines',
    restaurants: 'Restaurants',
    restaurant: 'My restaurant',
    reviews: 'Reviews',
    ownReviews: 'Reviews',
    ads: 'Ads',
    cities: 'Cities',
    city: 'My city',
    spam: 'Mailings',
    topUsers: 'Top customers',
    orders: 'Orders',
    tags: 'Tags',
    referrals: 'Referral links',
    admins: 'Staff accounts',
    logout: 'Log out',
  },
  auth: {
    title: 'Sign in to the back-office',
    username: 'Username',
    password: 'Password',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    submit: 'Sign in',
    required: 'Required',
    wrongCredentials: 'You provided a wrong password or login',
    tooManyAttempts: 'Too many failed attempts. Try again in a few minutes.',
    notAllowed: 'Couriers and customers cannot use the back-office',
    networkError: 'The server cannot be reached. Check the connection and try again.',
  },
  logout: {
    title: 'Log out',
    text: 'You are signed in as %{username}. Logging out clears the stored login on this device.',
    button: 'Log out',
  },
  home: {
    title: 'Welcome, %{username}',
    language: 'Interface language',
    settings: 'Service settings',
  },
  roles: {
    admin: 'Admin',
    cityAdmin: 'City admin',
    operator: 'Operator',
    owner: 'Restaurant owner',
    courier: 'Courier',
    user: 'Customer',
  },
};

export const en: TranslationMessages = mergeTranslations(englishMessages, appEn, {
  resources: resourceMessages('en'),
  errors: ERROR_MESSAGES.en,
});
