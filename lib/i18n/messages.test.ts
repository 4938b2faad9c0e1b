/**
 * The catalogues are complete and the English is English: every French string has an English one,
 * not empty, not the French copied (words that are the same in both languages are listed), and
 * without French punctuation or accents.
 */
import { describe, expect, it } from 'vitest';
import { locales } from './locales';
import { messages } from './messages';

/** Written alike in both languages (acronyms, formats, proper names). */
const same = new Set(['PDF', 'CSV', 'XLSX', 'SDMX', 'SDMX-ML', 'SDMX-CSV', 'JSON', 'API', 'NSDP', 'RSS', 'Excel', 'Total', 'Date', 'Code', 'Source', 'Notes', 'Note', 'Article', 'Type', 'Version', 'Contact', 'Navigation', 'Menu', 'Transport', 'Sections', 'Documents', 'Base']);

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
    for (const [key, value] of en) {
      if (typeof value !== 'string') continue;
      expect(value.trim(), key).not.toBe('');
      if (!same.has(value)) expect(value, key).not.toBe(fr.get(key));
      expect(value, `${key} : ponctuation ou lettres françaises`).not.toMatch(/[«»éèêàùçôîœ]/);
    }
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
