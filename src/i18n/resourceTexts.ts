import { createCatalogue, resourceTextsOf } from './catalogue';

/**
 * Every resource's texts in the browser, found by folder: `src/resources/<name>/messages.ts`.
 * A messages module is text only (see catalogue.ts), so reading it does not load its resource.
 */
export const RESOURCE_TEXTS = resourceTextsOf(import.meta.glob('../resources/*/messages.ts', { eager: true }));

export const { shippedTexts } = createCatalogue(RESOURCE_TEXTS);
