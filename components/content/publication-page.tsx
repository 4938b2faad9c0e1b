import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Fragment } from 'react';
import { areaTexts, fieldLabel, type Area } from '@/lib/content/areas';
import { getIdentity, getPublicationPage } from '@/lib/content/public';
import type { PublicationDetail, PublicationTranslations } from '@/lib/content/queries/publications';
import type { SiteIdentity } from '@/lib/content/queries/site';
import { publicationUrl } from '@/lib/content/addresses';
import { env } from '@/lib/env';
import { formatDate, isoDate } from '@/lib/i18n/format';
import { langAttr, localize } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { localePath } from '@/lib/i18n/paths';
import { Breadcrumbs } from './breadcrumbs';
import { FileList } from './file-list';
import { inLang } from './in-lang';
import { localizedPublication } from '@/lib/content/localize';
import { RichText } from './rich-text';
import { UntranslatedNotice } from './untranslated-notice';

/** A publication's public page: the publication of this area and slug, or a 404. */
export async function PublicationPage({ area, slug, locale }: { area: Area; slug: string; locale: Locale }) {
  const [data, identity] = await Promise.all([getPublicationPage(area.slug, slug), getIdentity()]);
  if (!data) notFound();
  return <PublicationView area={area} publication={data.publication} related={data.related} identity={identity} locale={locale} />;
}

type RelatedItem = {
  id: number;
  area: string;
  slug: string;
  title: string;
  periodLabel: string | null;
  translations?: PublicationTranslations;
};

/**
 * A publication: summary, body, period, release date, files, related publications, citation (also
 * the back-office preview). In English where translated; a text shown in French is marked
 * `lang="fr"`, with a notice at the top when the publication's text is.
 */
export function PublicationView({
  area,
  publication,
  related,
  identity,
  locale,
}: {
  area: Area;
  /** `translations` may be absent (a preview of an item not saved yet): the French is shown. */
  publication: Omit<PublicationDetail, 'translations'> & { translations?: PublicationTranslations };
  related: RelatedItem[];
  /** The institute, for the citation; its name in English where `translations` has one. */
  identity: (Pick<SiteIdentity, 'acronym' | 'name'> & Partial<Pick<SiteIdentity, 'translations'>>) | null;
  locale: Locale;
}) {
  const t = messages(locale).content.publication;
  const p = localizedPublication(publication, locale);
  const lang = (field: 'title' | 'summary' | 'body' | 'periodLabel') => langAttr(p.langOf(field), locale);
  const url = new URL(localePath(locale, publicationUrl(p) ?? '/'), env.SITE_URL).toString();
  const year = p.publishedAt.getUTCFullYear();
  const institute = identity && localize(identity, locale, ['name']);
  const fields = (area.fields ?? []).filter((f) => f.public && p.fields[f.name]);
  return (
    <>
      <Breadcrumbs
        items={[
          { label: areaTexts(area, locale).menuLabel, href: area.publicPath },
          { label: p.title, lang: lang('title') },
        ]}
        locale={locale}
      />
      <UntranslatedNotice locale={locale} langs={p.main} />
      <article>
        <h1 lang={lang('title')} className="text-3xl font-bold leading-tight">
          {p.title}
        </h1>
        <dl className="mt-4 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {p.periodLabel ? (
            <>
              <dt className="text-muted">{t.periodCovered}</dt>
              <dd lang={lang('periodLabel')}>{p.periodLabel}</dd>
            </>
          ) : null}
          <dt className="text-muted">{t.publicationDate}</dt>
          <dd>
            <time dateTime={isoDate(p.publishedAt)}>{formatDate(p.publishedAt, locale)}</time>
          </dd>
          {/* Bare dt/dd pairs throughout: HTML lets a dl wrap all its groups in div or none. */}
          {fields.map((f) => (
            <Fragment key={f.name}>
              <dt className="text-muted">{fieldLabel(f, locale)}</dt>
              <dd>{f.type === 'date' ? formatDate(String(p.fields[f.name]), locale) : String(p.fields[f.name])}</dd>
            </Fragment>
          ))}
        </dl>
        {p.summary ? (
          <p lang={lang('summary')} className="mt-6 text-lg font-medium">
            {p.summary}
          </p>
        ) : null}
        {p.files.length > 0 ? (
          <section aria-labelledby="telechargements" className="mt-6 rounded-lg border border-border bg-surface p-4">
            <h2 id="telechargements" className="mb-3 font-semibold">
              {t.download}
            </h2>
            <FileList files={p.files} locale={locale} />
          </section>
        ) : null}
        <RichText html={p.body} lang={lang('body')} className="mt-8" />
        <section aria-labelledby="citer" className="mt-10">
          <h2 id="citer" className="text-lg font-semibold">
            {t.cite}
          </h2>
          <p className="mt-2 rounded-md bg-surface-2 p-3 text-sm">
            {identity?.acronym ?? t.fallbackAcronym} ({year}). <cite lang={lang('title')}>{p.title}</cite>
            {p.periodLabel ? lang('periodLabel') ? <>, {inLang(p.periodLabel, lang('periodLabel'))}</> : `, ${p.periodLabel}` : ''}
            {'. '}
            {institute ? inLang(institute.name, langAttr(institute.langOf('name'), locale)) : null}. {url}
          </p>
        </section>
      </article>
      {related.length > 0 ? (
        <section aria-labelledby="voir-aussi" className="mt-10">
          <h2 id="voir-aussi" className="text-lg font-semibold">
            {t.related}
          </h2>
          <ul className="mt-3 space-y-2">
            {related.map((item) => {
              const r = localize(item, locale, ['title', 'periodLabel']);
              const href = publicationUrl(r);
              return (
                <li key={r.id}>
                  <Link href={href ? localePath(locale, href) : '#'} lang={langAttr(r.langOf('title'), locale)}>
                    {r.title}
                  </Link>
                  {r.periodLabel ? (
                    <span className="text-sm text-muted"> — {inLang(r.periodLabel, langAttr(r.langOf('periodLabel'), locale))}</span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </>
  );
}
