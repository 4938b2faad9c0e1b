import Link from 'next/link';
import type { PublicationSummary } from '@/lib/content/queries/publications';
import { areaTexts, fieldLabel, getArea } from '@/lib/content/areas';
import { publicationUrl } from '@/lib/content/addresses';
import { formatDate, isoDate } from '@/lib/i18n/format';
import { langAttr, localize } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { localePath } from '@/lib/i18n/paths';
import { FileList } from './file-list';
import { inLang, pieces } from './in-lang';

/**
 * Publications with title, period, date, files (type, size, download link); texts in English where
 * translated, else French marked `lang="fr"`.
 */
export function PublicationList({
  items,
  showArea = false,
  headingLevel = 2,
  locale,
}: {
  items: PublicationSummary[];
  showArea?: boolean;
  headingLevel?: 2 | 3;
  locale: Locale;
}) {
  const t = messages(locale).content;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="divide-y divide-border border-y border-border">
      {items.map((item) => {
        const p = localize(item, locale, ['title', 'summary', 'periodLabel']);
        const lang = (field: 'title' | 'summary' | 'periodLabel') => langAttr(p.langOf(field), locale);
        const url = publicationUrl(p);
        const href = url ? localePath(locale, url) : null;
        const a = getArea(p.area);
        const fields = (a?.fields ?? []).filter((f) => f.public && p.fields[f.name]);
        return (
          <li key={p.id} className="py-5">
            <article>
              {showArea && a ? (
                <p className="text-xs font-semibold uppercase tracking-wide text-muted">{areaTexts(a, locale).menuLabel}</p>
              ) : null}
              <Heading lang={lang('title')} className="text-lg font-semibold leading-snug">
                {href ? <Link href={href}>{p.title}</Link> : p.title}
              </Heading>
              <p className="mt-1 text-sm text-muted">
                {p.periodLabel ? (
                  <>
                    {lang('periodLabel')
                      ? pieces(t.publication.periodPieces(inLang(p.periodLabel, lang('periodLabel'))))
                      : t.publication.period(p.periodLabel)}
                    {' · '}
                  </>
                ) : null}
                {t.publishedOn} <time dateTime={isoDate(p.publishedAt)}>{formatDate(p.publishedAt, locale)}</time>
                {fields.map((f) => (
                  <span key={f.name}>
                    {' '}
                    {'· '}
                    {t.publication.field(
                      fieldLabel(f, locale),
                      f.type === 'date' ? formatDate(String(p.fields[f.name]), locale) : String(p.fields[f.name]),
                    )}
                  </span>
                ))}
              </p>
              {p.summary ? (
                <p lang={lang('summary')} className="mt-2">
                  {p.summary}
                </p>
              ) : null}
              <div className="mt-3">
                <FileList files={p.files} compact locale={locale} />
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
