/** The same keys as the English texts, every leaf a string: a missing translation fails the build. */
export type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** A screen's texts in the three languages, English first. */
export const translations = <T>(messages: { en: T; ru: Texts<T>; es: Texts<T> }) => messages;
