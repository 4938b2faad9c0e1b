/**
 * The catalogues are complete and the English is English: every French string has an English one,
 * not empty, not the French copied (words that are the same in both languages are listed), and
 * without French punctuation or accents. So are the names public pages take from the registries:
 * areas, sections and public fields (lib/content/areas.ts), kinds' words, what search results are,
 * the NSDP's categories and sectors.
 */
import { describe, expect, it } from 'vitest';
import { areas, areaTexts, fieldLabel, sectionLabel, sections, type Area } from '@/lib/content/areas';
import { kinds } from '@/lib/content/kinds';
import { publicKindWords } from '@/lib/content/kinds/kind';
import { categoryNames, nsdpCategories } from '@/lib/nsdp/categories';
import { releaseStatuses, type ReleaseStatus } from '@/lib/releases/model';
import { searchSourceLabels, searchSources, type SearchSource } from '@/lib/search/query';
import type { ChartRange } from '@/lib/series/chart/geometry';
import {
  changeKinds,
  frequencies,
  seasonalAdjustmentLabel,
  statusCodes,
  type ChangeKind,
  type Frequency,
  type SeriesMeta,
  type StatusCode,
} from '@/lib/series/model';
import { downloadFormats, tableFormats, type DownloadFormat, type TableFormat } from '@/lib/content/addresses';
import { locales } from './locales';
import { messages } from './messages';

/**
 * Written alike in both languages: acronyms, formats, words both share, and the texts of the
 * original specification's error pages, English on the French site too.
 */
const same = new Set([
  ...['JSON-stat', 'Excel (XLSX)'],
  ...['PDF', 'CSV', 'XLSX', 'Excel (XLSX)', 'SDMX', 'SDMX-ML', 'SDMX-CSV', 'SDMX-CSV 2.0', 'JSON', 'API', 'NSDP', 'RSS', 'INS'],
  ...[
    'Total',
    'Date',
    'Code',
    'Source',
    'Notes',
    'Note',
    'note',
    'Article',
    'Type',
    'Version',
    'Contact',
    'Navigation',
    'Menu',
    'Page',
    'Pagination',
    'Description',
    'correction',
    'Documents',
  ],
  ...['Page Not Found', 'Internal Server Error', 'Page not found:'],
  // The registries' names.
  ...['Indices', 'Publications', 'Publication', 'Population'],
]);

/** What is wrong with English texts `[key, French, English]`: empty, the French again, French punctuation or letters. */
function wrongEnglish(entries: Iterable<[string, unknown, unknown]>): string[] {
  const wrong: string[] = [];
  for (const [key, french, value] of entries) {
    if (typeof value !== 'string') continue;
    if (value.trim() === '') wrong.push(`${key} : vide`);
    else if (!same.has(value) && value === french) wrong.push(`${key} : « ${value} » comme en français`);
    if (/[«»éèêàùçôîœ]/.test(value)) wrong.push(`${key} : ponctuation ou lettres françaises dans « ${value} »`);
  }
  return wrong;
}

type Tree = { [key: string]: Tree | string | ((...args: never[]) => string) };

function leaves(tree: Tree, path: string[] = []): Array<[string, unknown]> {
  return Object.entries(tree).flatMap(([k, v]) =>
    v && typeof v === 'object' ? leaves(v, [...path, k]) : [[[...path, k].join('.'), v] as [string, unknown]],
  );
}

describe('interface catalogues', () => {
  const fr = new Map(leaves(messages('fr') as unknown as Tree));
  const en = new Map(leaves(messages('en') as unknown as Tree));

  it('have the same entries in every language, of the same kind', () => {
    for (const locale of locales)
      expect([...new Map(leaves(messages(locale) as unknown as Tree)).keys()].sort()).toEqual([...fr.keys()].sort());
    for (const [key, value] of fr) expect(typeof en.get(key), key).toBe(typeof value);
  });

  it('say in English what the French says, not the French again', () => {
    expect(wrongEnglish([...en].map(([key, value]) => [key, fr.get(key), value]))).toEqual([]);
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

describe('the registries’ names on public pages', () => {
  const publicAreas = (areas as readonly Area[]).filter((a) => a.publicPath);
  /** `[key, French, English]` of every name a public page shows. */
  const names: Array<[string, string, string]> = [
    ...sections.map((s): [string, string, string] => [`sections.${s.key}`, sectionLabel(s.key, 'fr'), sectionLabel(s.key, 'en')]),
    ...publicAreas.flatMap((a) =>
      (['label', 'menuLabel', 'description'] as const).map((k): [string, string, string] => [
        `areas.${a.slug}.${k}`,
        areaTexts(a, 'fr')[k],
        areaTexts(a, 'en')[k],
      ]),
    ),
    ...publicAreas.flatMap((a) =>
      (a.fields ?? [])
        .filter((f) => f.public)
        .map((f): [string, string, string] => [`areas.${a.slug}.fields.${f.name}`, fieldLabel(f, 'fr'), fieldLabel(f, 'en')]),
    ),
    ...Object.entries(kinds).flatMap(([name, kind]) =>
      (['noun', 'plural'] as const).map((w): [string, string, string] => [
        `kinds.${name}.${w}`,
        publicKindWords(kind.words, 'fr')[w],
        publicKindWords(kind.words, 'en')[w],
      ]),
    ),
    ...nsdpCategories.flatMap((c) =>
      (['label', 'sector'] as const).map((k): [string, string, string] => [
        `nsdp.${c.id}.${k}`,
        categoryNames(c, 'fr')[k],
        categoryNames(c, 'en')[k],
      ]),
    ),
    ...(Object.keys(searchSources) as SearchSource[]).map((k): [string, string, string] => [
      `search.${k}`,
      searchSourceLabels('fr')[k],
      searchSourceLabels('en')[k],
    ]),
  ];

  it('are the French fields themselves in French', () => {
    for (const s of sections) expect(sectionLabel(s.key, 'fr')).toBe(s.label);
    for (const a of areas as readonly Area[]) {
      const { label, menuLabel, description } = areaTexts(a, 'fr');
      expect({ label, menuLabel, description }, a.slug).toEqual({ label: a.label, menuLabel: a.menuLabel, description: a.description });
      for (const f of a.fields ?? []) expect(fieldLabel(f, 'fr')).toBe(f.label);
    }
    for (const kind of Object.values(kinds)) expect(publicKindWords(kind.words, 'fr').plural).toBe(kind.words.plural);
    for (const c of nsdpCategories) expect(categoryNames(c, 'fr')).toMatchObject({ label: c.label, sector: c.sector });
    expect(searchSourceLabels('fr')).toEqual(searchSources);
  });

  it('are given in English for every public area, public field, section, kind and NSDP category', () => {
    expect(names.length).toBe(
      sections.length +
        3 * publicAreas.length +
        publicAreas.flatMap((a) => (a.fields ?? []).filter((f) => f.public)).length +
        2 * Object.keys(kinds).length +
        2 * nsdpCategories.length +
        Object.keys(searchSources).length,
    );
    expect(wrongEnglish(names)).toEqual([]);
  });
});

describe('the series words', () => {
  it('name every code the series and the calendar define, in each language', () => {
    for (const locale of locales) {
      // Typed as the domains' codes: a code added without its words does not compile.
      const words: {
        status: Record<StatusCode, string>;
        frequency: Record<Frequency, string>;
        seasonalAdjustment: Record<SeriesMeta['seasonalAdjustment'], string>;
        changeKind: Record<ChangeKind, string>;
        download: Record<DownloadFormat, string>;
        releaseStatus: Record<ReleaseStatus, string>;
        chart: { range: Record<ChartRange, string> };
        page: { range: Record<ChartRange, string> };
      } = messages(locale).series;
      expect(Object.keys(words.status).sort()).toEqual([...statusCodes].sort());
      expect(Object.keys(words.frequency).sort()).toEqual([...frequencies].sort());
      expect(Object.keys(words.seasonalAdjustment).sort()).toEqual(Object.keys(seasonalAdjustmentLabel).sort());
      expect(Object.keys(words.changeKind).sort()).toEqual([...changeKinds].sort());
      expect(Object.keys(words.download).sort()).toEqual([...downloadFormats].sort());
      expect(Object.keys(words.releaseStatus).sort()).toEqual([...releaseStatuses].sort());
    }
  });
});

describe('the tables words', () => {
  it('name every format of a table file, in each language', () => {
    for (const locale of locales) {
      const format: Record<TableFormat, string> = messages(locale).tables.format;
      expect(Object.keys(format).sort()).toEqual([...tableFormats].sort());
    }
  });
});
