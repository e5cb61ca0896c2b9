import { mergeTranslations, type TranslationMessages } from 'react-admin';
import type { appEn } from './en';
import { resourceMessages } from './resources';
import type { Texts } from './types';
import { raSpanish } from './raSpanish';

export const appEs: Texts<typeof appEn> = {
  app: {
    title: 'Back-office',
    newVersion: {
      title: 'Se publicó una nueva versión',
      text: 'La versión %{version} del back-office está disponible. Recargue la página para usarla.',
      reload: 'Recargar la página',
    },
    pageNotFound: 'Página no encontrada',
    userNotFound: 'Usuario no encontrado',
    openMenu: 'Abrir el menú',
    allCities: 'Todas las ciudades',
  },
  validation: {
    required: 'Obligatorio',
    lessThan: 'debe tener menos de %{amount} caracteres',
    between: 'más de %{moreAmount} y menos de %{lessAmount} caracteres',
    range: 'debe estar entre %{min} y %{max}',
    atLeast: 'debe ser al menos %{min}',
    number: 'debe ser un número',
    integer: 'debe ser un número entero',
    boolean: 'debe ser sí o no',
    text: 'debe ser texto',
    notZero: 'No puede ser nulo',
    id: 'elija un valor de la lista',
    url: 'debe ser un enlace http(s)',
    numericId: 'debe ser un id numérico de mensajería',
    unknownField: 'no es un campo conocido',
    currency: 'código de moneda de tres letras, como EUR',
    botToken: 'debe tener la forma 123456789:ABC… (el token que dio la mensajería)',
    time: 'una hora como 22:00',
    locales: 'idiomas de la lista en, ru, es',
    secret: 'solo letras, dígitos, _ y -',
  },
  menu: {
    stats: 'Estadísticas',
    bots: 'Bots',
    cuisines: 'Cocinas',
    restaurants: 'Restaurantes',
    restaurant: 'Mi restaurante',
    reviews: 'Reseñas',
    ownReviews: 'Reseñas',
    ads: 'Anuncios',
    cities: 'Ciudades',
    city: 'Mi ciudad',
    spam: 'Envíos masivos',
    topUsers: 'Mejores clientes',
    orders: 'Pedidos',
    tags: 'Etiquetas',
    referrals: 'Enlaces de referido',
    admins: 'Cuentas del personal',
    logout: 'Cerrar sesión',
  },
  auth: {
    title: 'Iniciar sesión en el back-office',
    username: 'Usuario',
    password: 'Contraseña',
    showPassword: 'Mostrar contraseña',
    hidePassword: 'Ocultar contraseña',
    submit: 'Entrar',
    required: 'Obligatorio',
    wrongCredentials: 'Ha indicado una contraseña o un usuario incorrectos',
    tooManyAttempts: 'Demasiados intentos fallidos. Vuelva a intentarlo en unos minutos.',
    notAllowed: 'Los repartidores y los clientes no pueden usar el back-office',
    networkError: 'No se puede contactar con el servidor. Compruebe la conexión e inténtelo de nuevo.',
  },
  logout: {
    title: 'Cerrar sesión',
    text: 'Ha iniciado sesión como %{username}. Al cerrar sesión se borra el acceso guardado en este dispositivo.',
    button: 'Cerrar sesión',
  },
  home: {
    title: 'Bienvenido, %{username}',
    language: 'Idioma de la interfaz',
  },
  roles: {
    admin: 'Administrador',
    cityAdmin: 'Administrador de ciudad',
    operator: 'Operador',
    owner: 'Propietario de restaurante',
    courier: 'Repartidor',
    user: 'Cliente',
  },
};

export const es: TranslationMessages = mergeTranslations(raSpanish, appEs, { resources: resourceMessages('es') });
