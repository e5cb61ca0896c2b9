import { mergeTranslations, type TranslationMessages } from 'react-admin';
import type { appEn } from './en';
import { raSpanish } from './raSpanish';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

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

export const es: TranslationMessages = mergeTranslations(raSpanish, appEs);
