/**
 * The public site's interface strings: one catalogue per language, in sections by the components
 * that show them (`./messages/*.ts`). Each section's English is typed as its French (`Record<Locale,
 * typeof fr>`), so a string missing in one language does not compile. A string with values is a
 * function (`results: (n: number) => …`), so each language orders and agrees its words itself.
 * Public components take a `locale` and read `messages(locale)`; no interface string is written in
 * them (`./messages.test.ts`). The back-office is French only and keeps its strings where they are.
 */
import type { Locale } from './locales';
import { alerts } from './messages/alerts';
import { content } from './messages/content';
import { maps } from './messages/maps';
import { search } from './messages/search';
import { series } from './messages/series';
import { site } from './messages/site';
import { tables } from './messages/tables';

const catalogue = (locale: Locale) => ({
  site: site[locale],
  content: content[locale],
  series: series[locale],
  search: search[locale],
  alerts: alerts[locale],
  tables: tables[locale],
  maps: maps[locale],
});
const catalogues = { fr: catalogue('fr'), en: catalogue('en') } satisfies Record<Locale, unknown>;

export type Messages = ReturnType<typeof catalogue>;
export const messages = (locale: Locale): Messages => catalogues[locale];
