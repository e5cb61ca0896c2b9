import { translations } from '../../i18n/types';

const reviewsTextsEn = {
  name: 'Review |||| Reviews',
  restaurantTitle: 'Reviews of %{name}',
  fields: {
    cityId: 'City',
    state: 'State',
    rating: 'Rating',
    restaurantId: 'Restaurant',
    from: 'Date from',
    to: 'Date to',
    createdAt: 'Date',
  },
  states: { unpublished: 'Unpublished', approved: 'Approved', published: 'Published', answered: 'Answered' },
  ratings: { unsended: 'Not sent', unrated: 'Not rated', stars: '%{smart_count} star |||| %{smart_count} stars' },
  empty: 'No reviews match these filters.',
  card: {
    order: 'Order %{threadId}',
    noText: 'No text',
    author: 'Author',
    photo: 'Show the photo',
    photoTitle: 'Photo of the review of order %{threadId}',
    close: 'Close',
  },
  actions: {
    approve: 'Approve',
    publish: 'Publish',
    approved: 'The review was approved',
    published: 'The review was published: it goes to the review channel',
  },
  answer: {
    label: 'Answer',
    send: 'Send the answer',
    sent: 'The answer goes to the author',
    locked: 'The answer was sent to the author and cannot be changed',
  },
  delete: {
    title: 'Delete this review?',
    content: 'The review of order %{threadId} leaves every list. This cannot be undone.',
  },
};
export type ReviewsTexts = typeof reviewsTextsEn;

export const reviewsMessages = translations({
  en: reviewsTextsEn,
  ru: {
    name: 'Отзыв |||| Отзывы',
    restaurantTitle: 'Отзывы: %{name}',
    fields: {
      cityId: 'Город',
      state: 'Состояние',
      rating: 'Оценка',
      restaurantId: 'Ресторан',
      from: 'Дата с',
      to: 'Дата по',
      createdAt: 'Дата',
    },
    states: { unpublished: 'Не опубликован', approved: 'Одобрен', published: 'Опубликован', answered: 'Есть ответ' },
    ratings: {
      unsended: 'Не отправлена',
      unrated: 'Без оценки',
      stars: '%{smart_count} звезда |||| %{smart_count} звезды |||| %{smart_count} звёзд',
    },
    empty: 'Нет отзывов по этим фильтрам.',
    card: {
      order: 'Заказ %{threadId}',
      noText: 'Без текста',
      author: 'Автор',
      photo: 'Показать фото',
      photoTitle: 'Фото к отзыву о заказе %{threadId}',
      close: 'Закрыть',
    },
    actions: {
      approve: 'Одобрить',
      publish: 'Опубликовать',
      approved: 'Отзыв одобрен',
      published: 'Отзыв опубликован: он уходит в канал отзывов',
    },
    answer: {
      label: 'Ответ',
      send: 'Отправить ответ',
      sent: 'Ответ уходит автору',
      locked: 'Ответ отправлен автору, изменить его нельзя',
    },
    delete: {
      title: 'Удалить этот отзыв?',
      content: 'Отзыв о заказе %{threadId} исчезнет из всех списков. Отменить это нельзя.',
    },
  },
  es: {
    name: 'Reseña |||| Reseñas',
    restaurantTitle: 'Reseñas de %{name}',
    fields: {
      cityId: 'Ciudad',
      state: 'Estado',
      rating: 'Valoración',
      restaurantId: 'Restaurante',
      from: 'Fecha desde',
      to: 'Fecha hasta',
      createdAt: 'Fecha',
    },
    states: { unpublished: 'Sin publicar', approved: 'Aprobada', published: 'Publicada', answered: 'Respondida' },
    ratings: { unsended: 'No enviada', unrated: 'Sin valorar', stars: '%{smart_count} estrella |||| %{smart_count} estrellas' },
    empty: 'Ninguna reseña coincide con estos filtros.',
    card: {
      order: 'Pedido %{threadId}',
      noText: 'Sin texto',
      author: 'Autor',
      photo: 'Ver la foto',
      photoTitle: 'Foto de la reseña del pedido %{threadId}',
      close: 'Cerrar',
    },
    actions: {
      approve: 'Aprobar',
      publish: 'Publicar',
      approved: 'La reseña fue aprobada',
      published: 'La reseña fue publicada: va al canal de reseñas',
    },
    answer: {
      label: 'Respuesta',
      send: 'Enviar la respuesta',
      sent: 'La respuesta va al autor',
      locked: 'La respuesta se envió al autor y no se puede cambiar',
    },
    delete: {
      title: '¿Eliminar esta reseña?',
      content: 'La reseña del pedido %{threadId} sale de todas las listas. No se puede deshacer.',
    },
  },
});
