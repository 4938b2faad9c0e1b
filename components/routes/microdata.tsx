import Link from 'next/link';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { areaTexts, getArea } from '@/lib/content/areas';
import {
  fileUrl,
  microdataPath,
  publicationUrl,
  surveyDdiPath,
  surveyPath,
  surveySlugPattern,
  variableNamePattern,
  variablePath,
  variableSearchPath,
} from '@/lib/content/addresses';
import { getIdentity } from '@/lib/content/public';
import { env } from '@/lib/env';
import { fileTypeLabel, formatCount, formatDate, formatFileSize, formatNumber } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/locales';
import { localePath } from '@/lib/i18n/paths';
import { readCatalogueQuery } from '@/lib/microdata/catalogue';
import { accessTierLabels, accessTierShort, dataKindLabels, statLabels, studyYear, type Study } from '@/lib/microdata/model';
import { getCatalogue, getPublicSurveyPage, getPublicVariablePage, getVariableSearch, localStudy } from '@/lib/microdata/public';
import { microdataWords } from '@/lib/microdata/words';
import { pageMetadata } from '@/lib/seo';

type Query = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

/** A paragraph per blank line of a DDI text. */
function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text.split('\n\n').map((p, i) => (
        <p key={i} className="mt-2 first:mt-0">
          {p}
        </p>
      ))}
    </>
  );
}

/** A description list of the entries that have a value. */
function Facts({ items, valueLang }: { items: [string, ReactNode][]; valueLang?: string }) {
  const shown = items.filter(([, v]) => v !== '' && v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0));
  if (shown.length === 0) return null;
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
      {shown.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-semibold">{k}</dt>
          <dd lang={valueLang}>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

const periodText = (p: { start: string; end: string }) =>
  p.start && p.end && p.start !== p.end ? `${p.start} – ${p.end}` : p.start || p.end;

const selectClass = 'mt-1 block w-full rounded border border-border bg-surface px-2 py-1';
const inputClass = 'mt-1 block w-full rounded border border-border bg-surface px-3 py-2';
const buttonClass = 'rounded bg-primary px-4 py-2 font-semibold text-primary-fg';

/** The catalogue (`/microdonnees`): a GET form of a search and five facets, and the surveys it keeps. */
export function catalogueRoute(locale: Locale) {
  const t = microdataWords(locale);
  async function generateMetadata({ searchParams }: { searchParams: Promise<Query> }) {
    const metadata = await pageMetadata({ title: t.catalogue, description: t.catalogueIntro, path: microdataPath, locale });
    return Object.keys(await searchParams).length > 0 ? { ...metadata, robots: { index: false, follow: true } } : metadata;
  }
  async function Page({ searchParams }: { searchParams: Promise<Query> }) {
    await connection();
    const query = readCatalogueQuery(await searchParams);
    const { surveys, facets } = await getCatalogue(query);
    const facet = (
      name: string,
      label: string,
      current: string | number | undefined,
      options: { value: string | number; label: string; count: number }[],
    ) => (
      <label className="block">
        <span className="font-semibold">{label}</span>
        <select name={name} defaultValue={current === undefined ? '' : String(current)} className={selectClass}>
          <option value="">{t.any}</option>
          {options.map((o) => (
            <option key={o.value} value={String(o.value)}>
              {`${o.label} (${formatCount(o.count, locale)})`}
            </option>
          ))}
        </select>
      </label>
    );
    return (
      <>
        <Breadcrumbs items={[{ label: t.catalogue }]} locale={locale} />
        <h1 className="text-3xl font-bold leading-tight">{t.catalogue}</h1>
        <p className="mt-4 max-w-3xl text-lg">{t.catalogueIntro}</p>
        <p className="mt-2">
          <Link href={localePath(locale, variableSearchPath)} className="underline">
            {t.variableSearch}
          </Link>
        </p>
        <form method="get" action={localePath(locale, microdataPath)} role="search" className="mt-6 rounded border border-border p-4">
          <label className="block max-w-2xl">
            <span className="font-semibold">{t.searchLabel}</span>
            <input type="search" name="q" defaultValue={query.q ?? ''} className={inputClass} />
          </label>
          <fieldset className="mt-4">
            <legend className="font-semibold">{t.filters}</legend>
            <div className="mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
              {facet(
                'annee',
                t.year,
                query.annee,
                facets.years.map((f) => ({ ...f, label: String(f.value) })),
              )}
              {facet(
                'theme',
                t.theme,
                query.theme,
                facets.themes.map((f) => ({ ...f, label: f.value })),
              )}
              {facet(
                'producteur',
                t.producer,
                query.producteur,
                facets.producers.map((f) => ({ ...f, label: f.value })),
              )}
              {facet(
                'acces',
                t.access,
                query.acces,
                facets.access.map((f) => ({ ...f, label: accessTierShort[f.value][locale] })),
              )}
              {facet(
                'type',
                t.kind,
                query.type,
                facets.kinds.map((f) => ({ ...f, label: dataKindLabels[f.value][locale] })),
              )}
            </div>
          </fieldset>
          <div className="mt-4 flex flex-wrap items-center gap-4">
            <button type="submit" className={buttonClass}>
              {t.search}
            </button>
            <Link href={localePath(locale, microdataPath)}>{t.reset}</Link>
          </div>
        </form>
        <section aria-labelledby="enquetes" className="mt-8">
          <h2 id="enquetes" className="text-xl font-bold">
            {t.results(surveys.length)}
          </h2>
          <ul className="mt-4 space-y-6">
            {surveys.map((s) => {
              const study = localStudy(s, locale);
              const year = studyYear(study);
              const textLang = locale === 'en' && !s.studyEn.title ? 'fr' : undefined;
              return (
                <li key={s.slug} className="border-b border-border pb-4">
                  <h3 className="text-lg font-semibold" lang={textLang}>
                    <Link href={localePath(locale, surveyPath(s.slug))} className="underline">
                      {study.title}
                    </Link>
                  </h3>
                  <p className="text-sm text-muted">
                    {[study.idno, year, dataKindLabels[s.dataKind][locale], study.producers.map((p) => p.abbr || p.name).join(', ')]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                  {study.abstract ? (
                    <p className="mt-2 line-clamp-3 max-w-3xl" lang={textLang}>
                      {study.abstract}
                    </p>
                  ) : null}
                  <p className="mt-1 text-sm">
                    {t.variableCount(s.variableCount)} · {t.fileCount(s.files.length)} ·{' '}
                    {[...new Set(s.files.map((f) => accessTierShort[f.access][locale]))].join(', ')}
                  </p>
                </li>
              );
            })}
          </ul>
        </section>
      </>
    );
  }
  return { generateMetadata, Page };
}

/** The variable search across every survey (`/microdonnees/variables?q=…`). */
export function variableSearchRoute(locale: Locale) {
  const t = microdataWords(locale);
  async function generateMetadata({ searchParams }: { searchParams: Promise<Query> }) {
    const metadata = await pageMetadata({ title: t.variableSearch, description: t.variableSearchIntro, path: variableSearchPath, locale });
    return Object.keys(await searchParams).length > 0 ? { ...metadata, robots: { index: false, follow: true } } : metadata;
  }
  async function Page({ searchParams }: { searchParams: Promise<Query> }) {
    await connection();
    const params = await searchParams;
    const q = one(params.q).trim().slice(0, 200);
    const page = Math.min(Math.max(1, Number.parseInt(one(params.page), 10) || 1), 1000);
    const { hits, more } = await getVariableSearch(q, page);
    return (
      <>
        <Breadcrumbs items={[{ label: t.catalogue, href: microdataPath }, { label: t.variables }]} locale={locale} />
        <h1 className="text-3xl font-bold leading-tight">{t.variableSearch}</h1>
        <p className="mt-4 max-w-3xl">{t.variableSearchIntro}</p>
        <form
          method="get"
          action={localePath(locale, variableSearchPath)}
          role="search"
          className="mt-6 flex max-w-2xl flex-wrap items-end gap-4"
        >
          <label className="block grow">
            <span className="font-semibold">{t.variableSearchLabel}</span>
            <input type="search" name="q" defaultValue={q} className={inputClass} />
          </label>
          <button type="submit" className={buttonClass}>
            {t.search}
          </button>
        </form>
        {q ? (
          <section aria-labelledby="resultats" className="mt-8">
            <h2 id="resultats" className="text-xl font-bold">
              {t.variableHits(hits.length, more)}
            </h2>
            {hits.length > 0 ? (
              <table className="mt-4 w-full border-collapse text-sm">
                <thead>
                  <tr className="border-b border-border text-left">
                    <th scope="col" className="py-2 pr-4">
                      {t.variable}
                    </th>
                    <th scope="col" className="py-2 pr-4">
                      {t.label}
                    </th>
                    <th scope="col" className="py-2">
                      {t.survey}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {hits.map((h) => (
                    <tr key={`${h.survey.slug}/${h.name}`} className="border-b border-border align-top">
                      <th scope="row" className="py-2 pr-4 text-left font-normal">
                        <Link href={localePath(locale, variablePath(h.survey.slug, h.name))} className="font-mono underline">
                          {h.name}
                        </Link>
                      </th>
                      <td className="py-2 pr-4" lang={locale === 'en' ? 'fr' : undefined}>
                        {h.label}
                        {h.question && h.question !== h.label ? <span className="block text-muted">{h.question}</span> : null}
                      </td>
                      <td className="py-2">
                        <Link
                          href={localePath(locale, surveyPath(h.survey.slug))}
                          className="underline"
                          lang={locale === 'en' ? 'fr' : undefined}
                        >
                          {h.survey.title}
                        </Link>
                        {h.survey.year ? ` (${h.survey.year})` : ''}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            {more ? (
              <p className="mt-4">
                <Link
                  href={`${localePath(locale, variableSearchPath)}?${new URLSearchParams({ q, page: String(page + 1) })}`}
                  className="underline"
                >
                  {t.moreHits}
                </Link>
              </p>
            ) : null}
          </section>
        ) : null}
      </>
    );
  }
  return { generateMetadata, Page };
}

/** schema.org `Dataset` of a survey (dataset search engines). */
function surveyJsonLd(
  study: Study,
  p: {
    url: string;
    site: string;
    publisher: string;
    variables: string[];
    open: boolean;
    downloads: { name: string; url: string; type: string }[];
  },
) {
  const organization = { '@type': 'Organization', name: p.publisher, url: p.site };
  const period = periodText(study.timePeriods) || periodText(study.collectionDates);
  return {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    name: study.title,
    description: (study.abstract || study.title).slice(0, 5000),
    url: p.url,
    ...(study.idno ? { identifier: study.idno } : {}),
    ...(study.keywords.length || study.topics.length ? { keywords: [...study.topics, ...study.keywords] } : {}),
    creator: study.producers.length ? study.producers.map((a) => ({ '@type': 'Organization', name: a.name })) : organization,
    publisher: organization,
    ...(period ? { temporalCoverage: period.replace(' – ', '/') } : {}),
    ...(study.nations.length ? { spatialCoverage: study.nations.join(', ') } : {}),
    ...(study.version ? { version: study.version } : {}),
    isAccessibleForFree: p.open,
    ...(study.accessConditions ? { conditionsOfAccess: study.accessConditions.slice(0, 2000) } : {}),
    ...(study.citation ? { citation: study.citation.slice(0, 2000) } : {}),
    variableMeasured: p.variables.slice(0, 200),
    distribution: p.downloads.map((d) => ({ '@type': 'DataDownload', name: d.name, encodingFormat: d.type, contentUrl: d.url })),
  };
}

type SurveyProps = { params: Promise<{ slug: string }>; searchParams: Promise<Query> };

/** A survey's page (`/microdonnees/{slug}`): description, sampling, files with their tier, variables, documents, citation, access. */
export function surveyRoute(locale: Locale) {
  const t = microdataWords(locale);
  const load = async (slug: string) => (surveySlugPattern.test(slug) ? getPublicSurveyPage(slug) : null);
  async function generateMetadata({ params }: SurveyProps) {
    await connection();
    const data = await load((await params).slug);
    if (!data) return {};
    const study = localStudy(data.survey, locale);
    return pageMetadata({
      title: study.title,
      description: (study.abstract || study.title).slice(0, 300),
      path: surveyPath(data.survey.slug),
      locale,
    });
  }
  async function Page({ params, searchParams }: SurveyProps) {
    await connection();
    const data = await load((await params).slug);
    if (!data) notFound();
    const { survey, variables, documents } = data;
    const study = localStudy(survey, locale);
    // An English page of a survey described in French only says its texts are French.
    const textLang = locale === 'en' && !survey.studyEn.title ? 'fr' : undefined;
    const fileFilter = one((await searchParams).fichier);
    const shownVariables = fileFilter ? variables.filter((v) => v.fileId === fileFilter) : variables;
    const identity = await getIdentity();
    const site = env.SITE_URL.replace(/\/$/, '');
    const describedFiles = new Map(study.files.map((f) => [f.id, f]));
    const jsonLd = surveyJsonLd(study, {
      url: `${site}${localePath(locale, surveyPath(survey.slug))}`,
      site,
      publisher: identity?.name ?? 'Institut national de la statistique',
      variables: variables.map((v) => v.label || v.name),
      open: survey.files.some((f) => f.access === 'open'),
      downloads: [
        { name: t.ddiXml, url: `${site}${surveyDdiPath(survey.slug, 'xml')}`, type: 'application/xml' },
        { name: t.ddiJson, url: `${site}${surveyDdiPath(survey.slug, 'json')}`, type: 'application/json' },
        ...survey.files
          .filter((f) => f.access === 'open' && f.stored)
          .map((f) => ({ name: f.name, url: `${site}${fileUrl(f.stored!)}`, type: f.stored!.ext })),
      ],
    });
    return (
      <>
        <Breadcrumbs items={[{ label: t.catalogue, href: microdataPath }, { label: study.title }]} locale={locale} />
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }} />
        <h1 className="text-3xl font-bold leading-tight" lang={textLang}>
          {study.title}
        </h1>
        {study.altTitle ? (
          <p className="mt-1 text-lg text-muted" lang={textLang}>
            {study.altTitle}
          </p>
        ) : null}
        <nav aria-label={t.survey} className="mt-4 text-sm">
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {[
              ['description', t.description],
              ['echantillonnage', t.samplingTitle],
              ['fichiers', t.files],
              ['variables', t.variables],
              ['documents', t.documents],
              ['citer', t.cite],
              ['acces', t.accessTitle],
            ].map(([id, label]) => (
              <li key={id}>
                <a href={`#${id}`} className="underline">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="description" className="mt-8 max-w-4xl">
          <h2 id="description" className="text-xl font-bold">
            {t.description}
          </h2>
          {study.abstract ? (
            <div className="mt-3" lang={textLang}>
              <Paragraphs text={study.abstract} />
            </div>
          ) : null}
          <Facts
            items={[
              [t.identifier, study.idno],
              [t.kind, dataKindLabels[survey.dataKind][locale]],
              [t.producers, study.producers.map((p) => (p.abbr ? `${p.name} (${p.abbr})` : p.name)).join(' ; ')],
              [t.funders, study.funders.map((p) => p.name).join(' ; ')],
              [t.nations, study.nations.join(', ')],
              [t.coverage, study.geogCover],
              [t.geogUnit, study.geogUnit],
              [t.analysisUnit, study.analysisUnit],
              [t.universe, study.universe],
              [t.period, periodText(study.timePeriods)],
              [t.collection, periodText(study.collectionDates)],
              [t.topics, study.topics.join(' ; ')],
              [t.keywords, study.keywords.join(', ')],
            ]}
            valueLang={textLang}
          />
        </section>

        <section aria-labelledby="echantillonnage" className="mt-8 max-w-4xl">
          <h2 id="echantillonnage" className="text-xl font-bold">
            {t.samplingTitle}
          </h2>
          <Facts
            items={[
              [t.sampling, study.sampling ? <Paragraphs text={study.sampling} /> : ''],
              [t.mode, study.collectionMode],
              [t.responseRate, study.responseRate],
              [t.weighting, study.weighting ? <Paragraphs text={study.weighting} /> : ''],
            ]}
            valueLang={textLang}
          />
        </section>

        <section aria-labelledby="fichiers" className="mt-8">
          <h2 id="fichiers" className="text-xl font-bold">
            {t.files}
          </h2>
          <div className="mt-3 overflow-x-auto">
            <table className="w-full border-collapse text-sm">
              <thead>
                <tr className="border-b border-border text-left">
                  <th scope="col" className="py-2 pr-4">
                    {t.fileName}
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right">
                    {t.records}
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right">
                    {t.fileVariables}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t.tier}
                  </th>
                  <th scope="col" className="py-2">
                    {t.conditions}
                  </th>
                </tr>
              </thead>
              <tbody>
                {survey.files.map((f) => {
                  const d = describedFiles.get(f.ddiId);
                  const conditions = (locale === 'en' && f.conditionsEn) || f.conditions;
                  return (
                    <tr key={f.id} className="border-b border-border align-top">
                      <th scope="row" className="py-2 pr-4 text-left font-normal">
                        <span className="font-mono">{f.name}</span>
                        {d?.contents ? <span className="block text-muted">{d.contents}</span> : null}
                        <Link
                          href={`${localePath(locale, surveyPath(survey.slug))}?fichier=${encodeURIComponent(f.ddiId)}#variables`}
                          className="block underline"
                        >
                          {t.variables}
                        </Link>
                      </th>
                      <td className="py-2 pr-4 text-right tabular-nums">
                        {d?.records !== null && d?.records !== undefined ? formatCount(d.records, locale) : '—'}
                      </td>
                      <td className="py-2 pr-4 text-right tabular-nums">{variables.filter((v) => v.fileId === f.ddiId).length}</td>
                      <td className="py-2 pr-4">
                        <strong>{accessTierLabels[f.access][locale]}</strong>
                        {f.access === 'open' ? (
                          f.stored ? (
                            <a href={fileUrl(f.stored)} className="block underline" download>
                              {t.download(`${f.name} (${fileTypeLabel(f.stored.ext, locale)}, ${formatFileSize(f.stored.size, locale)})`)}
                            </a>
                          ) : (
                            <span className="block text-muted">{t.notStored}</span>
                          )
                        ) : null}
                      </td>
                      <td className="py-2" lang={locale === 'en' && !f.conditionsEn ? 'fr' : undefined}>
                        {conditions ? <Paragraphs text={conditions} /> : '—'}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>

        <section aria-labelledby="variables" className="mt-8">
          <h2 id="variables" className="text-xl font-bold">
            {t.variables} ({formatCount(shownVariables.length, locale)}
            {fileFilter ? ` — ${t.filterFile} ${fileFilter}` : ''})
          </h2>
          <section className="mt-3 max-h-[32rem] overflow-auto" tabIndex={0} aria-label={t.variableTable}>
            <table className="w-full border-collapse text-sm">
              <thead>
                <tr className="border-b border-border text-left">
                  <th scope="col" className="py-2 pr-4">
                    {t.variable}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t.label}
                  </th>
                  <th scope="col" className="py-2">
                    {t.file}
                  </th>
                </tr>
              </thead>
              <tbody>
                {shownVariables.map((v) => (
                  <tr key={v.name} className="border-b border-border align-top">
                    <th scope="row" className="py-1 pr-4 text-left font-normal">
                      <Link href={localePath(locale, variablePath(survey.slug, v.name))} className="font-mono underline">
                        {v.name}
                      </Link>
                    </th>
                    <td className="py-1 pr-4" lang={locale === 'en' && !v.labelEn ? 'fr' : undefined}>
                      {(locale === 'en' && v.labelEn) || v.label}
                    </td>
                    <td className="py-1 font-mono">{v.fileId}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </section>

        <section aria-labelledby="documents" className="mt-8 max-w-4xl">
          <h2 id="documents" className="text-xl font-bold">
            {t.documents}
          </h2>
          {documents.length === 0 && study.related.length === 0 ? <p className="mt-2">{t.noDocuments}</p> : null}
          {documents.length > 0 ? (
            <ul className="mt-2 list-disc pl-6">
              {documents.map((d, i) => {
                const href = d.slug ? publicationUrl({ area: d.area, slug: d.slug }) : d.file ? fileUrl(d.file) : null;
                return (
                  <li key={i}>
                    {href ? (
                      <Link href={d.slug ? localePath(locale, href) : href} className="underline">
                        {d.title}
                      </Link>
                    ) : (
                      d.title
                    )}
                    {d.slug && getArea(d.area) ? (
                      <span className="text-muted"> — {areaTexts(getArea(d.area)!, locale).menuLabel}</span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          ) : null}
          {study.related.length > 0 ? (
            <>
              <h3 className="mt-4 font-semibold">{t.related}</h3>
              <ul className="mt-1 list-disc pl-6">
                {study.related.map((m, i) => (
                  <li key={i}>{m.uri ? `${m.title} (${m.uri})` : m.title}</li>
                ))}
              </ul>
            </>
          ) : null}
        </section>

        <section aria-labelledby="citer" className="mt-8 max-w-4xl">
          <h2 id="citer" className="text-xl font-bold">
            {t.cite}
          </h2>
          <blockquote className="mt-2 border-l-4 border-border pl-4" lang={textLang}>
            <Paragraphs
              text={
                study.citation ||
                `${study.producers.map((p) => p.name).join(', ') || identity?.name || ''}. ${study.title}${study.idno ? ` (${study.idno})` : ''}. ${site}${surveyPath(survey.slug)}`
              }
            />
          </blockquote>
        </section>

        <section aria-labelledby="acces" className="mt-8 max-w-4xl">
          <h2 id="acces" className="text-xl font-bold">
            {t.accessTitle}
          </h2>
          {study.accessConditions ? (
            <div className="mt-2" lang={textLang}>
              <Paragraphs text={study.accessConditions} />
            </div>
          ) : null}
          <Facts items={[[t.restrictions, study.restrictions]]} valueLang={textLang} />
          <ul className="mt-3 list-disc pl-6">
            {[...new Set(survey.files.map((f) => f.access))].map((tier) => (
              <li key={tier}>
                {accessTierLabels[tier][locale]} :{' '}
                {survey.files
                  .filter((f) => f.access === tier)
                  .map((f) => f.name)
                  .join(', ')}
              </li>
            ))}
          </ul>
          <h3 className="mt-4 font-semibold">{t.metadata}</h3>
          <ul className="mt-1 flex flex-wrap gap-x-4">
            <li>
              <a href={surveyDdiPath(survey.slug, 'xml')} className="underline">
                {t.ddiXml}
              </a>
            </li>
            <li>
              <a href={surveyDdiPath(survey.slug, 'json')} className="underline">
                {t.ddiJson}
              </a>
            </li>
          </ul>
          <p className="mt-2 text-sm text-muted">{t.version(survey.version.number, formatDate(survey.version.createdAt, locale))}</p>
        </section>
      </>
    );
  }
  return { generateMetadata, Page };
}

type VariableProps = { params: Promise<{ slug: string; name: string }> };

/** A variable's page (`/microdonnees/{slug}/variables/{NAME}`): label, question, universe, categories with frequencies, statistics. */
export function variableRoute(locale: Locale) {
  const t = microdataWords(locale);
  const load = async (p: { slug: string; name: string }) => {
    const name = decodeURIComponent(p.name);
    return surveySlugPattern.test(p.slug) && variableNamePattern.test(name) ? getPublicVariablePage(p.slug, name) : null;
  };
  async function generateMetadata({ params }: VariableProps) {
    await connection();
    const data = await load(await params);
    if (!data) return {};
    const study = localStudy(data.survey, locale);
    return pageMetadata({
      title: `${data.variable.name} — ${data.variable.label || data.variable.name}`,
      description: `${data.variable.label || data.variable.name} : ${study.title}`.slice(0, 300),
      path: variablePath(data.survey.slug, data.variable.name),
      locale,
    });
  }
  async function Page({ params }: VariableProps) {
    await connection();
    const data = await load(await params);
    if (!data) notFound();
    const { survey, variable: v } = data;
    const study = localStudy(survey, locale);
    const total = v.categories.reduce((sum, c) => sum + (c.freq ?? 0), 0);
    const textLang = locale === 'en' && !survey.studyEn.title ? 'fr' : undefined;
    const stats = Object.entries(v.stats).filter(([, n]) => n !== undefined) as [string, number][];
    return (
      <>
        <Breadcrumbs
          items={[{ label: t.catalogue, href: microdataPath }, { label: study.title, href: surveyPath(survey.slug) }, { label: v.name }]}
          locale={locale}
        />
        <h1 className="text-3xl font-bold leading-tight">
          <span className="font-mono">{v.name}</span> —{' '}
          <span lang={locale === 'en' && !v.labelEn ? 'fr' : undefined}>{(locale === 'en' && v.labelEn) || v.label || v.name}</span>
        </h1>
        <p className="mt-2">
          {t.from} :{' '}
          <Link href={localePath(locale, surveyPath(survey.slug))} className="underline" lang={textLang}>
            {study.title}
          </Link>
        </p>
        <Facts
          valueLang={textLang}
          items={[
            [t.question, v.question ? <Paragraphs text={v.question} /> : ''],
            [t.universe, v.universe],
            [t.file, v.fileId],
            [t.valueType, v.valueType],
            [t.interval, t.intervals[v.interval] ?? v.interval],
            [t.concept, v.concept],
            [t.notes, v.notes ? <Paragraphs text={v.notes} /> : ''],
          ]}
        />
        {v.categories.length > 0 ? (
          <section aria-labelledby="modalites" className="mt-8">
            <h2 id="modalites" className="text-xl font-bold">
              {t.categories}
            </h2>
            <table className="mt-3 border-collapse text-sm">
              <thead>
                <tr className="border-b border-border text-left">
                  <th scope="col" className="py-2 pr-4">
                    {t.code}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t.label}
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right">
                    {t.frequency}
                  </th>
                  <th scope="col" className="py-2 text-right">
                    %
                  </th>
                </tr>
              </thead>
              <tbody lang={textLang}>
                {v.categories.map((c, i) => (
                  <tr key={`${c.value}-${i}`} className="border-b border-border">
                    <th scope="row" className="py-1 pr-4 text-left font-mono font-normal">
                      {c.value}
                    </th>
                    <td className="py-1 pr-4">
                      {c.label}
                      {c.missing ? <span className="text-muted"> ({t.missing})</span> : null}
                    </td>
                    <td className="py-1 pr-4 text-right tabular-nums">{c.freq === null ? '—' : formatCount(c.freq, locale)}</td>
                    <td className="py-1 text-right tabular-nums">
                      {c.freq === null || total === 0 ? '—' : formatNumber((100 * c.freq) / total, 1, locale)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ) : null}
        {stats.length > 0 ? (
          <section aria-labelledby="statistiques" className="mt-8">
            <h2 id="statistiques" className="text-xl font-bold">
              {t.stats}
            </h2>
            <Facts items={stats.map(([k, n]) => [statLabels[k]?.[locale] ?? k, formatNumber(n, Number.isInteger(n) ? 0 : 3, locale)])} />
          </section>
        ) : null}
        <p className="mt-8">
          <Link href={`${localePath(locale, surveyPath(survey.slug))}#variables`} className="underline">
            {t.backToSurvey}
          </Link>
        </p>
      </>
    );
  }
  return { generateMetadata, Page };
}
