import type { Locale } from '../domain';
import { RESOURCES } from '../resources';

/** Each resource's texts live beside it, named in its manifest; this gathers them under `resources.<name>`. */
export const resourceMessages = (locale: Locale) => Object.fromEntries(RESOURCES.map(({ name, messages }) => [name, messages[locale]]));
