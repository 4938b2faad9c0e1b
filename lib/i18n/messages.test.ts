/**
 * The catalogues are complete and the English is English: every French string has an English one,
 * not empty, not the French copied (words that are the same in both languages are listed), and
 * without French punctuation or accents.
 */
import { describe, expect, it } from 'vitest';
import { locales } from './locales';
import { messages } from './messages';

/**
 * Written alike in both languages: acronyms, formats, words both share, and the texts of the
 * original specification's error pages, English on the French site too.
 */
const same = new Set([
  ...['PDF', 'CSV', 'XLSX', 'Excel (XLSX)', 'SDMX', 'SDMX-ML', 'SDMX-CSV', 'SDMX-CSV 2.0', 'JSON', 'API', 'NSDP', 'RSS', 'INS'],
  ...['Total', 'Date', 'Code', 'Source', 'Notes', 'Note', 'Article', 'Type', 'Version', 'Contact', 'Navigation', 'Menu', 'Page', 'Pagination', 'Description', 'correction', 'Documents'],
  ...['Page Not Found', 'Internal Server Error', 'Page not found:'],
]);

type Tree = { [key: string]: Tree | string | ((...args: never[]) => string) };

function leaves(tree: Tree, path: string[] = []): Array<[string, unknown]> {
  return Object.entries(tree).flatMap(([k, v]) => (v && typeof v === 'object' ? leaves(v, [...path, k]) : [[[...path, k].join('.'), v] as [string, unknown]]));
}

describe('interface catalogues', () => {
  const fr = new Map(leaves(messages('fr') as unknown as Tree));
  const en = new Map(leaves(messages('en') as unknown as Tree));

  it('have the same entries in every language, of the same kind', () => {
    for (const locale of locales) expect([...new Map(leaves(messages(locale) as unknown as Tree)).keys()].sort()).toEqual([...fr.keys()].sort());
    for (const [key, value] of fr) expect(typeof en.get(key), key).toBe(typeof value);
  });

  it('say in English what the French says, not the French again', () => {
    const wrong: string[] = [];
    for (const [key, value] of en) {
      if (typeof value !== 'string') continue;
      if (value.trim() === '') wrong.push(`${key} : vide`);
      else if (!same.has(value) && value === fr.get(key)) wrong.push(`${key} : « ${value} » comme en français`);
      if (/[«»éèêàùçôîœ]/.test(value)) wrong.push(`${key} : ponctuation ou lettres françaises dans « ${value} »`);
    }
    expect(wrong).toEqual([]);
  });

  it('write English sentences with values too', () => {
    for (const [key, value] of en) {
      if (typeof value !== 'function') continue;
      // Called with numbers (counts, pages): a function wanting other values is checked by tsc only.
      let text: unknown;
      try {
        text = (value as (...args: number[]) => unknown)(2, 3, 4);
      } catch {
        continue;
      }
      if (typeof text === 'string') expect(text, `${key} : ponctuation ou lettres françaises`).not.toMatch(/[«»éèêàùçôîœ]/);
    }
  });
});
