/**
 * What a reader typed, read as French search terms: « phrases entre guillemets », words, and
 * whether the last word is still being typed (a prefix). DB-free.
 */

export type ParsedQuery = {
  /** As typed, trimmed and bounded (what the page shows and keeps in its URL). */
  text: string;
  /** Exact phrases (between "…" or « … »). */
  phrases: string[];
  /** Words outside phrases, as typed (letters and digits only). */
  words: string[];
  /** The last word is completed as a prefix (the reader had not finished typing it). */
  prefixLast: boolean;
};

export const MAX_QUERY_LENGTH = 200;
const MAX_WORDS = 12;

/** Lower case without accents (« Élevage » → « elevage », « œuvre » → « oeuvre »): the index's vocabulary form. */
export function fold(word: string): string {
  return word.toLowerCase().replace(/œ/g, 'oe').replace(/æ/g, 'ae').normalize('NFD').replace(/\p{M}/gu, '');
}

const WORD = /[\p{L}\p{N}]+/gu;

export function parseQuery(raw: string): ParsedQuery {
  const text = raw.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH);
  const phrases: string[] = [];
  const rest = text.replace(/"([^"]*)"|«([^»]*)»|“([^”]*)”/g, (_, a?: string, b?: string, c?: string) => {
    const phrase = (a ?? b ?? c ?? '').match(WORD)?.join(' ');
    if (phrase) phrases.push(phrase);
    return ' ';
  });
  const words = (rest.match(WORD) ?? []).slice(0, MAX_WORDS);
  // Completed as a prefix when the text ends inside a word (not after a space or a closing quote).
  const prefixLast = words.length > 0 && /[\p{L}\p{N}]$/u.test(raw);
  return { text, phrases: phrases.slice(0, 4), words, prefixLast };
}

/** Whether the query has anything to look for. */
export const isEmptyQuery = (q: ParsedQuery) => q.words.length === 0 && q.phrases.length === 0;
