/** The spec's paths of the review screens: /reviews is react-admin's list route, this one is the spec's own. */
export const RESTAURANT_REVIEWS_ROUTE = '/restaurant/:id/reviews';
