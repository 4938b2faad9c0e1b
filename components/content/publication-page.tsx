import Link from 'next/link';
import { notFound } from 'next/navigation';
import { areaTexts, fieldLabel, type Area } from '@/lib/content/areas';
import { getIdentity, getPublicationPage } from '@/lib/content/public';
import type { PublicationDetail } from '@/lib/content/queries/publications';
import { publicationUrl } from '@/lib/content/urls';
import { env } from '@/lib/env';
import { formatDate, isoDate } from '@/lib/format';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { Breadcrumbs } from './breadcrumbs';
import { FileList } from './file-list';
import { RichText } from './rich-text';

/** A publication's public page: the publication of this area and slug, or a 404. */
export async function PublicationPage({ area, slug, locale }: { area: Area; slug: string; locale: Locale }) {
  const [data, identity] = await Promise.all([getPublicationPage(area.slug, slug), getIdentity()]);
  if (!data) notFound();
  return <PublicationView area={area} publication={data.publication} related={data.related} identity={identity} locale={locale} />;
}

type RelatedItem = { id: number; area: string; slug: string; title: string; periodLabel: string | null };

/** A publication: summary, body, period, release date, files, related publications, citation (also the back-office preview). */
export function PublicationView({
  area,
  publication: p,
  related,
  identity,
  locale,
}: {
  area: Area;
  publication: PublicationDetail;
  related: RelatedItem[];
  identity: { acronym: string; name: string } | null;
  locale: Locale;
}) {
  const t = messages(locale).content.publication;
  const url = new URL(publicationUrl(p) ?? '/', env.SITE_URL).toString();
  const year = p.publishedAt.getUTCFullYear();
  const fields = (area.fields ?? []).filter((f) => f.public && p.fields[f.name]);
  return (
    <>
      <Breadcrumbs items={[{ label: areaTexts(area, locale).menuLabel, href: area.publicPath }, { label: p.title }]} locale={locale} />
      <article>
        <h1 className="text-3xl font-bold leading-tight">{p.title}</h1>
        <dl className="mt-4 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {p.periodLabel ? (
            <>
              <dt className="text-muted">{t.periodCovered}</dt>
              <dd>{p.periodLabel}</dd>
            </>
          ) : null}
          <dt className="text-muted">{t.publicationDate}</dt>
          <dd>
            <time dateTime={isoDate(p.publishedAt)}>{formatDate(p.publishedAt, locale)}</time>
          </dd>
          {fields.map((f) => (
            <div key={f.name} className="contents">
              <dt className="text-muted">{fieldLabel(f, locale)}</dt>
              <dd>{f.type === 'date' ? formatDate(String(p.fields[f.name]), locale) : String(p.fields[f.name])}</dd>
            </div>
          ))}
        </dl>
        {p.summary ? <p className="mt-6 text-lg font-medium">{p.summary}</p> : null}
        {p.files.length > 0 ? (
          <section aria-labelledby="telechargements" className="mt-6 rounded-lg border border-border bg-surface p-4">
            <h2 id="telechargements" className="mb-3 font-semibold">
              {t.download}
            </h2>
            <FileList files={p.files} locale={locale} />
          </section>
        ) : null}
        <RichText html={p.body} className="mt-8" />
        <section aria-labelledby="citer" className="mt-10">
          <h2 id="citer" className="text-lg font-semibold">
            {t.cite}
          </h2>
          <p className="mt-2 rounded-md bg-surface-2 p-3 text-sm">
            {identity?.acronym ?? t.fallbackAcronym} ({year}). <cite>{p.title}</cite>
            {p.periodLabel ? `, ${p.periodLabel}` : ''}. {identity?.name}. {url}
          </p>
        </section>
      </article>
      {related.length > 0 ? (
        <section aria-labelledby="voir-aussi" className="mt-10">
          <h2 id="voir-aussi" className="text-lg font-semibold">
            {t.related}
          </h2>
          <ul className="mt-3 space-y-2">
            {related.map((r) => (
              <li key={r.id}>
                <Link href={publicationUrl(r) ?? '#'}>{r.title}</Link>
                {r.periodLabel ? <span className="text-sm text-muted"> — {r.periodLabel}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
