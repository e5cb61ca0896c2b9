import { lazy } from 'react';

/** The order chat, fetched with its first opening rather than with the list. */
export const LazyOrderChat = lazy(async () => ({ default: (await import('./OrderChat')).OrderChat }));
