import Link from 'next/link';
import { areaTexts, getArea } from '@/lib/content/areas';
import { formatDate } from '@/lib/i18n/format';
import { intlLocales, type Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { localePath } from '@/lib/i18n/paths';
import { searchHref, type SearchPageParams } from '@/lib/search/params';
import { isSearchKind, SEARCH_PER_PAGE, searchKindLabels, type FacetValue, type SearchResult, type Segment } from '@/lib/search/query';

/** Text with the words that matched in `<mark>` (never HTML from the index). */
export function Highlighted({ segments }: { segments: Segment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.hit ? (
          <mark key={i} className="rounded-sm bg-primary-soft px-0.5 font-semibold text-fg">
            {s.text}
          </mark>
        ) : (
          s.text
        ),
      )}
    </>
  );
}

type Props = {
  result: SearchResult;
  params: SearchPageParams;
  scope: 'public' | 'admin';
  /** The search page's French path (`/recherche`, `/admin/recherche`): its links are made in `locale`. */
  base: string;
  locale: Locale;
};

/**
 * The search names kinds and areas in French (its results are cached for every page); a page in
 * another language names them again from `source` and `area`, its facets reordered by their new names.
 */
function namer(locale: Locale) {
  const french = locale === 'fr';
  const kind = (value: string, fr: string) => (french || !isSearchKind(value) ? fr : searchKindLabels(locale)[value]);
  const area = (slug: string, fr: string) => {
    const a = french ? undefined : getArea(slug);
    return a ? areaTexts(a, locale).label : fr;
  };
  const facet = (values: FacetValue[], name: (value: string, fr: string) => string) =>
    french
      ? values
      : values
          .map((v) => ({ ...v, label: name(v.value, v.label) }))
          .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, intlLocales[locale]));
  return { kind, area, facet };
}

function Facet({
  title,
  all,
  name,
  values,
  current,
  params,
  link,
}: {
  title: string;
  all: string;
  name: 'area' | 'kind' | 'year';
  values: FacetValue[];
  current: string | undefined;
  params: SearchPageParams;
  link: (p: Partial<SearchPageParams>) => string;
}) {
  if (values.length === 0) return null;
  const id = `filtre-${name}`;
  return (
    <section aria-labelledby={id} className="mt-6 first:mt-0">
      <h2 id={id} className="text-sm font-semibold uppercase tracking-wide text-muted">
        {title}
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {current ? (
          <li>
            <Link href={link({ ...params, [name]: undefined, page: 1 })}>{all}</Link>
          </li>
        ) : null}
        {values.map((v) => {
          const active = current === v.value;
          const href = link({ ...params, [name]: active ? undefined : name === 'year' ? Number(v.value) : v.value, page: 1 });
          return (
            <li key={v.value}>
              <Link href={href} aria-current={active ? 'true' : undefined} className={active ? 'font-semibold' : undefined}>
                {v.label} <span className="text-muted">({v.count})</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Results of a search with their filters, notices and pages; the public page and the back-office share it. */
export function SearchResults({ result, params, scope, base, locale }: Props) {
  const t = messages(locale).search.results;
  // Each hit says the language of its title and excerpt: marked where it is not the page's.
  const langOf = (lang: Locale) => (lang === locale ? undefined : lang);
  const name = namer(locale);
  // Every link stays in the page's language: the search's own pages, and the pages it found.
  const link = (p: Partial<SearchPageParams>) => localePath(locale, searchHref(p, base));
  const statusLabels: Readonly<Record<string, string>> = t.admin.status;
  const { total, hits } = result;
  const shown = result.correctedText ?? result.query.text;
  return (
    <>
      <p role="status" className="mt-6 text-lg">
        {total === 0 ? t.none(result.query.text) : t.count(total, shown, result.page, result.pages)}
      </p>
      {result.correctedText ? <p className="mt-2 text-muted">{t.corrected(result.query.text, result.correctedText)}</p> : null}
      {result.partial ? <p className="mt-2 text-muted">{t.partial}</p> : null}
      {total === 0 && result.suggestions.length > 0 ? (
        <p className="mt-2">
          {t.tryWords}{' '}
          {result.suggestions.map((w, i) => (
            <span key={w}>
              {i > 0 ? ', ' : ''}
              <Link href={link({ q: w })}>{w}</Link>
            </span>
          ))}
          .
        </p>
      ) : null}
      {total === 0 ? <p className="mt-2 text-muted">{t.hint(Boolean(params.area || params.kind || params.year))}</p> : null}

      {total > 0 || params.area || params.kind || params.year ? (
        <div className="mt-6 grid gap-8 md:grid-cols-[14rem_1fr]">
          <aside aria-label={t.filters} className="md:order-none">
            <Facet
              title={t.kind}
              all={t.all}
              name="kind"
              values={name.facet(result.facets.kinds, name.kind)}
              current={params.kind}
              params={params}
              link={link}
            />
            <Facet
              title={t.area}
              all={t.all}
              name="area"
              values={name.facet(result.facets.areas, name.area)}
              current={params.area}
              params={params}
              link={link}
            />
            <Facet
              title={t.year}
              all={t.all}
              name="year"
              values={result.facets.years}
              current={params.year ? String(params.year) : undefined}
              params={params}
              link={link}
            />
          </aside>
          <div>
            <ol aria-label={t.list} className="space-y-6" start={(result.page - 1) * SEARCH_PER_PAGE + 1}>
              {hits.map((h) => {
                const href = scope === 'admin' ? h.adminUrl : h.url && localePath(locale, h.url);
                const kindLabel = name.kind(h.source, h.kindLabel);
                const areaLabel = name.area(h.area, h.areaLabel);
                return (
                  <li key={`${h.source}-${h.sourceId}`}>
                    <p className="text-sm text-muted">
                      {kindLabel}
                      {h.source !== 'pages' && areaLabel !== kindLabel ? ` · ${areaLabel}` : ''}
                      {h.date && h.source !== 'pages' ? (
                        <>
                          {' · '}
                          <time dateTime={h.date.toISOString()}>{formatDate(h.date, locale)}</time>
                        </>
                      ) : null}
                      {scope === 'admin' ? (
                        <span className="ml-2 rounded border border-border px-1.5 py-0.5 text-xs text-fg">
                          {h.deleted ? t.admin.deleted : (statusLabels[h.status] ?? h.status)}
                        </span>
                      ) : null}
                    </p>
                    {/* Titles and excerpts as written: English where translated, French (marked) otherwise. */}
                    <h2 className="mt-1 text-lg font-semibold leading-snug" lang={langOf(h.lang.title)}>
                      {href ? (
                        <Link href={href}>
                          <Highlighted segments={h.title} />
                        </Link>
                      ) : (
                        <Highlighted segments={h.title} />
                      )}
                    </h2>
                    {h.excerpt.length > 0 ? (
                      <p className="mt-1 text-fg">
                        {h.inDocument ? <span className="font-medium">{`${t.inDocument} `}</span> : null}
                        <span lang={langOf(h.lang.excerpt)}>
                          <Highlighted segments={h.excerpt} />
                        </span>
                      </p>
                    ) : null}
                    {scope === 'admin' && h.url ? (
                      <p className="mt-1 text-sm">
                        <Link href={localePath(locale, h.url)}>{t.admin.publicPage}</Link>
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ol>
            {result.pages > 1 ? (
              <nav aria-label={t.pages} className="mt-8">
                <ul className="flex flex-wrap gap-2">
                  {result.page > 1 ? (
                    <li>
                      <Link
                        rel="prev"
                        href={link({ ...params, page: result.page - 1 })}
                        className="inline-block rounded-md border border-border px-3 py-1"
                      >
                        {t.previous}
                      </Link>
                    </li>
                  ) : null}
                  {Array.from({ length: result.pages }, (_, i) => i + 1)
                    .filter((n) => n === 1 || n === result.pages || Math.abs(n - result.page) <= 2)
                    .map((n) => (
                      <li key={n}>
                        <Link
                          href={link({ ...params, page: n })}
                          aria-current={n === result.page ? 'page' : undefined}
                          className={
                            'inline-block rounded-md border border-border px-3 ' +
                            `py-1 ${n === result.page ? 'bg-primary text-primary-fg' : ''}`
                          }
                        >
                          <span className="sr-only">{`${t.page} `}</span>
                          {n}
                        </Link>
                      </li>
                    ))}
                  {result.page < result.pages ? (
                    <li>
                      <Link
                        rel="next"
                        href={link({ ...params, page: result.page + 1 })}
                        className="inline-block rounded-md border border-border px-3 py-1"
                      >
                        {t.next}
                      </Link>
                    </li>
                  ) : null}
                </ul>
              </nav>
            ) : null}
          </div>
        </div>
      ) : null}
    </>
  );
}

/** The search form of a search page (the header has its own, smaller one); `action` is its French path. */
export function SearchForm({ q, action, label, locale }: { q: string; action: string; label: string; locale: Locale }) {
  const t = messages(locale).search.form;
  return (
    <form role="search" action={localePath(locale, action)} method="get" className="mt-4 flex max-w-2xl flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1">
        <label htmlFor="recherche-q" className="block text-sm font-medium">
          {label}
        </label>
        <input
          id="recherche-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={200}
          className="mt-1 w-full rounded-md border border-border bg-bg px-3 py-2"
        />
      </div>
      <button type="submit" className="rounded-md bg-primary px-4 py-2 font-medium text-primary-fg hover:opacity-90">
        {t.submit}
      </button>
    </form>
  );
}
