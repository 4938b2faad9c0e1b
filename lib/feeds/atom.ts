/**
 * Atom 1.0 (RFC 4287) documents: the feed's required elements, one entry per item, dates in RFC 3339.
 * A feed is in one language (`xml:lang`, French by default); an entry's title or summary in another
 * (an untranslated item in an English feed) says so on its element.
 */
import type { Locale } from '@/lib/i18n/locales';

export type AtomEntry = {
  /** A permanent IRI for the item (a `tag:` URI that survives a change of slug). */
  id: string;
  title: string;
  /** Absolute address of the item's page. */
  url: string;
  updated: Date;
  published?: Date;
  summary?: string;
  /** Categories, e.g. the area's name. */
  categories?: string[];
  /** The language of the title and of the summary, where it is not the feed's. */
  titleLang?: Locale;
  summaryLang?: Locale;
};

export type AtomFeed = {
  id: string;
  title: string;
  subtitle?: string;
  /** Absolute address of the feed itself and of the page it follows. */
  self: string;
  alternate: string;
  author: string;
  entries: AtomEntry[];
  /** When nothing is in the feed yet: the feed's own last change. */
  fallbackUpdated: Date;
  /** The feed's language (default French). */
  lang?: Locale;
};

const escape = (text: string) =>
  text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const date = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

export function atomFeed(feed: AtomFeed): string {
  const lang = feed.lang ?? 'fr';
  const langAttr = (l: Locale | undefined) => (l && l !== lang ? ` xml:lang="${l}"` : '');
  const updated = feed.entries.reduce((max, e) => (e.updated > max ? e.updated : max), new Date(0));
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${lang}">`,
    `  <id>${escape(feed.id)}</id>`,
    `  <title>${escape(feed.title)}</title>`,
    feed.subtitle ? `  <subtitle>${escape(feed.subtitle)}</subtitle>` : '',
    `  <updated>${date(feed.entries.length > 0 ? updated : feed.fallbackUpdated)}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${escape(feed.self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escape(feed.alternate)}"/>`,
    `  <author><name>${escape(feed.author)}</name></author>`,
    ...feed.entries.flatMap((e) => [
      '  <entry>',
      `    <id>${escape(e.id)}</id>`,
      `    <title${langAttr(e.titleLang)}>${escape(e.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escape(e.url)}"/>`,
      `    <updated>${date(e.updated)}</updated>`,
      e.published ? `    <published>${date(e.published)}</published>` : '',
      ...(e.categories ?? []).map((c) => `    <category term="${escape(c)}"/>`),
      e.summary ? `    <summary${langAttr(e.summaryLang)}>${escape(e.summary)}</summary>` : '',
      '  </entry>',
    ]),
    '</feed>',
    '',
  ];
  return lines.filter((l) => l !== '').join('\n');
}
