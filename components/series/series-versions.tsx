import { formatDateTime } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import type { SeriesVersion } from '@/lib/series/model';

/** « Versions précédentes »: every published version, newest first, with its kind and reason. */
export function SeriesVersions({
  versions,
  href,
  locale,
}: {
  versions: SeriesVersion[];
  href: (v: SeriesVersion) => string;
  locale: Locale;
}) {
  const s = messages(locale).series;
  const t = s.versions;
  if (versions.length <= 1) return <p className="text-muted">{t.none}</p>;
  return (
    <ol className="space-y-3">
      {versions.map((v, i) => (
        <li key={v.number}>
          <p>
            <strong>{t.version(v.number)}</strong>
            {i === 0 ? t.current : ''}
            {t.published(formatDateTime(v.publishedAt, locale), s.changeKind[v.kind])}
          </p>
          {/* A version's reason is written in French only. */}
          {v.reason ? (
            <p className="text-sm" lang={locale === 'fr' ? undefined : 'fr'}>
              {v.reason}
            </p>
          ) : null}
          <p className="text-sm">
            <a href={href(v)} download>
              {t.values(v.number)}
            </a>
          </p>
        </li>
      ))}
    </ol>
  );
}
