import Link from 'next/link';
import type { PublicationSummary } from '@/lib/content/queries/publications';
import { areaTexts, fieldLabel, getArea } from '@/lib/content/areas';
import { publicationUrl } from '@/lib/content/urls';
import { formatDate, isoDate } from '@/lib/format';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { FileList } from './file-list';

/** Publications with title, period, date, files (type, size, download link). */
export function PublicationList({ items, showArea = false, headingLevel = 2, locale }: { items: PublicationSummary[]; showArea?: boolean; headingLevel?: 2 | 3; locale: Locale }) {
  const t = messages(locale).content;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="divide-y divide-border border-y border-border">
      {items.map((p) => {
        const href = publicationUrl(p);
        const a = getArea(p.area);
        const fields = (a?.fields ?? []).filter((f) => f.public && p.fields[f.name]);
        return (
          <li key={p.id} className="py-5">
            <article>
              {showArea && a ? <p className="text-xs font-semibold uppercase tracking-wide text-muted">{areaTexts(a, locale).menuLabel}</p> : null}
              <Heading className="text-lg font-semibold leading-snug">
                {href ? <Link href={href}>{p.title}</Link> : p.title}
              </Heading>
              <p className="mt-1 text-sm text-muted">
                {p.periodLabel ? <>{t.publication.period(p.periodLabel)} · </> : null}
                {t.publishedOn} <time dateTime={isoDate(p.publishedAt)}>{formatDate(p.publishedAt, locale)}</time>
                {fields.map((f) => (
                  <span key={f.name}>
                    {' '}
                    · {t.publication.field(fieldLabel(f, locale), f.type === 'date' ? formatDate(String(p.fields[f.name]), locale) : String(p.fields[f.name]))}
                  </span>
                ))}
              </p>
              {p.summary ? <p className="mt-2">{p.summary}</p> : null}
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
