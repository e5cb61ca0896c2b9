import type { LanguageRecord, TextMap } from '../../domain/language';

/** One key of the editor: the text in use (typed, saved or shipped), the shipped one and the English. */
export interface TextRow {
  key: string;
  text: string;
  shipped: string;
  english: string;
}

export interface TextFilter {
  /** Words the key, the text or the English must all contain, whatever their case. */
  q: string;
  /** Only the keys whose text differs from the shipped one. */
  changedOnly: boolean;
}

/** The saved text of a key, else the shipped one. */
export const storedText = (record: LanguageRecord, key: string): string =>
  Object.hasOwn(record.data, key) ? record.data[key] : (record.shipped[key] ?? '');

/** The texts typed that differ from what is stored: what Save sends. */
export const changedTexts = (record: LanguageRecord, typed: Readonly<TextMap>): TextMap =>
  Object.fromEntries(Object.entries(typed).filter(([key, text]) => text !== storedText(record, key)));

/** Every key in the catalogue's order, kept to those the filter matches. About a thousand keys: filtered in memory on each change. */
export function filterRows(record: LanguageRecord, typed: Readonly<TextMap>, filter: TextFilter): TextRow[] {
  const words = filter.q.toLowerCase().split(/\s+/).filter(Boolean);
  const rows: TextRow[] = [];
  for (const [key, shipped] of Object.entries(record.shipped)) {
    const text = Object.hasOwn(typed, key) ? typed[key] : storedText(record, key);
    if (filter.changedOnly && text === shipped) continue;
    const english = record.english[key] ?? '';
    const haystack = `${key}\n${text}\n${english}`.toLowerCase();
    if (words.every((word) => haystack.includes(word))) rows.push({ key, text, shipped, english });
  }
  return rows;
}
