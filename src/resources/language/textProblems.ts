import { check } from '../../domain';
import { checkTexts, languageSaveSchema, type TextMap } from '../../domain/language';
import type { RowProblem } from './TextRowField';

/**
 * The problems of the texts to save, by key, from the rules the API applies: a text must not
 * be empty, too long or hold control characters, and keeps the placeholders of its shipped text.
 */
export function textProblems(changes: Readonly<TextMap>, shipped: Readonly<TextMap>): Record<string, RowProblem> {
  if (Object.keys(changes).length === 0) return {};
  const problems: Record<string, RowProblem> = {};
  const errors = [...(check(languageSaveSchema, { data: changes }).errors ?? []), ...checkTexts(changes, shipped)];
  for (const error of errors) {
    if (!error.field.startsWith('data.')) continue;
    const key = error.field.slice('data.'.length);
    problems[key] ??= { message: error.key, args: error.args };
  }
  return problems;
}
