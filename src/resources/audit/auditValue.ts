/** The longest value a record shows whole; longer ones end in an ellipsis (the whole one in its title). */
const VALUE_MAX_LENGTH = 160;

/** A recorded value as text: strings as they are, anything else as JSON; null as null. */
export const valueText = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
};

export const shortened = (text: string): string => (text.length > VALUE_MAX_LENGTH ? `${text.slice(0, VALUE_MAX_LENGTH - 1)}…` : text);
