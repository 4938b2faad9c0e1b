'use client';

import Link from 'next/link';
import type { Locale } from '@/lib/i18n/locales';
import { FileLinks, type FileLink, type FileLinksText } from './file-links';
import { inLang, pieces } from './in-lang';

/**
 * One publication of a list as the text it shows in the page's language (`…Lang` where a text is
 * in another language): its area, title, period (within the catalogue's sentence `periodPieces`:
 * one text, or pieces around a `<span lang>`), date, public fields, summary and files.
 */
export type PublicationItem = {
  id: number;
  area?: string;
  title: string;
  titleLang?: Locale;
  href: string | null;
  periodLabel?: string;
  periodLang?: Locale;
  date: { iso: string; text: string };
  fields: { name: string; text: string }[];
  summary?: string;
  summaryLang?: Locale;
  files: FileLink[];
};

/** The words of a publication list (`periodPieces`: the catalogue's sentence, null where the period goes). */
export type PublicationItemsText = { publishedOn: string; periodPieces: (string | null)[]; files: FileLinksText };

/**
 * The markup of `PublicationList` (`publication-list.tsx`), from plain data. A client component on
 * purpose: a page's RSC payload then carries each publication as its strings rather than as its
 * element tree (half of the home page's payload); the HTML is the same, rendered on the server.
 */
export function PublicationItems({
  items,
  headingLevel,
  text,
}: {
  items: PublicationItem[];
  headingLevel: 2 | 3;
  text: PublicationItemsText;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="divide-y divide-border border-y border-border">
      {items.map((p) => (
        <li key={p.id} className="py-5">
          <article>
            {p.area ? <p className="item-area">{p.area}</p> : null}
            <Heading lang={p.titleLang} className="text-lg font-semibold leading-snug">
              {p.href ? <Link href={p.href}>{p.title}</Link> : p.title}
            </Heading>
            <p className="mt-1 text-sm text-muted">
              {p.periodLabel ? (
                <>
                  {p.periodLang
                    ? pieces(text.periodPieces.map((x) => x ?? inLang(p.periodLabel, p.periodLang)))
                    : text.periodPieces.map((x) => x ?? p.periodLabel).join('')}
                  {' · '}
                </>
              ) : null}
              {text.publishedOn} <time dateTime={p.date.iso}>{p.date.text}</time>
              {p.fields.map((f) => (
                <span key={f.name}>
                  {' '}
                  {'· '}
                  {f.text}
                </span>
              ))}
            </p>
            {p.summary ? (
              <p lang={p.summaryLang} className="mt-2">
                {p.summary}
              </p>
            ) : null}
            <div className="mt-3">{p.files.length > 0 ? <FileLinks files={p.files} compact text={text.files} /> : null}</div>
          </article>
        </li>
      ))}
    </ul>
  );
}
