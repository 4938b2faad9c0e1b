/**
 * The search pages' markup as HTML text: the form, the results with their filters, notices and
 * pages, and the public page's query-dependent block (form, then results or the prompt).
 *
 * One implementation for every path that shows a search: the public route and the back-office
 * render it (components/search/search-results.tsx, through `dangerouslySetInnerHTML`, so the RSC
 * payload holds one string, not a tree), and the production server fills it into its copy of the
 * page's frame (./fast-page.ts) without a render of the whole site. Every text is escaped here;
 * nothing from the index is HTML (titles and excerpts are `Segment`s).
 */
import { areaTexts, getArea } from '@/lib/content/areas';
import { formatDate } from '@/lib/i18n/format';
import { intlLocales, type Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { localePath } from '@/lib/i18n/paths';
import { searchHref, type SearchPageParams } from './params';
import { isSearchSource, SEARCH_PER_PAGE, searchSourceLabels, type FacetValue, type SearchResult, type Segment } from './query';
import { searchPath } from '@/lib/content/addresses';
import type { Db } from '@/lib/db/open';
import { cachedSearch } from './cache';

/** Text or an attribute's value, escaped as React escapes them. */
export function escapeHtml(s: string): string {
  return s.replace(/["&'<>]/g, (c) => ESCAPES[c]!);
}
const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

/** ` name="value"` for each attribute with a value (undefined, null and false are left out). */
function attrs(list: Record<string, string | number | false | null | undefined>): string {
  let out = '';
  for (const [name, value] of Object.entries(list)) {
    if (value === undefined || value === null || value === false) continue;
    out += ` ${name}="${escapeHtml(String(value))}"`;
  }
  return out;
}

/** Text with the words that matched in `<mark>` (never HTML from the index). */
export function highlightedHtml(segments: Segment[]): string {
  return segments
    .map((s) =>
      s.hit ? `<mark class="rounded-sm bg-primary-soft px-0.5 font-semibold text-fg">${escapeHtml(s.text)}</mark>` : escapeHtml(s.text),
    )
    .join('');
}

export type SearchResultsInput = {
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
  const kind = (value: string, fr: string) => (french || !isSearchSource(value) ? fr : searchSourceLabels(locale)[value]);
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

function facetHtml(f: {
  title: string;
  all: string;
  name: 'area' | 'kind' | 'year';
  values: FacetValue[];
  current: string | undefined;
  params: SearchPageParams;
  link: (p: Partial<SearchPageParams>) => string;
}): string {
  if (f.values.length === 0) return '';
  const id = `filtre-${f.name}`;
  const all = f.current
    ? `<li><a${attrs({ href: f.link({ ...f.params, [f.name]: undefined, page: 1 }) })}>${escapeHtml(f.all)}</a></li>`
    : '';
  const items = f.values.map((v) => {
    const active = f.current === v.value;
    const href = f.link({ ...f.params, [f.name]: active ? undefined : f.name === 'year' ? Number(v.value) : v.value, page: 1 });
    const link = attrs({ 'aria-current': active ? 'true' : undefined, class: active ? 'font-semibold' : undefined, href });
    return `<li><a${link}>${escapeHtml(v.label)} <span class="text-muted">(${v.count})</span></a></li>`;
  });
  return (
    `<section aria-labelledby="${id}" class="mt-6 first:mt-0">` +
    `<h2 id="${id}" class="text-sm font-semibold uppercase tracking-wide text-muted">${escapeHtml(f.title)}</h2>` +
    `<ul class="mt-2 space-y-1 text-sm">${all}${items.join('')}</ul></section>`
  );
}

/** Results of a search with their filters, notices and pages; the public page and the back-office share it. */
export function searchResultsHtml({ result, params, scope, base, locale }: SearchResultsInput): string {
  const t = messages(locale).search.results;
  // Each hit says the language of its title and excerpt: marked where it is not the page's.
  const langOf = (lang: Locale) => (lang === locale ? undefined : lang);
  const name = namer(locale);
  // Links name their address last, as next/link wrote them. Every link stays in the page's
  // language: the search's own pages, and the pages it found.
  const link = (p: Partial<SearchPageParams>) => localePath(locale, searchHref(p, base));
  const statusLabels: Readonly<Record<string, string>> = t.admin.status;
  const { total, hits } = result;
  const shown = result.correctedText ?? result.query.text;
  const filtered = Boolean(params.area || params.kind || params.year);
  let html = `<p role="status" class="mt-6 text-lg">${escapeHtml(
    total === 0 ? t.none(result.query.text) : t.count(total, shown, result.page, result.pages),
  )}</p>`;
  if (result.correctedText) html += `<p class="mt-2 text-muted">${escapeHtml(t.corrected(result.query.text, result.correctedText))}</p>`;
  if (result.partial) html += `<p class="mt-2 text-muted">${escapeHtml(t.partial)}</p>`;
  if (total === 0 && result.suggestions.length > 0) {
    const words = result.suggestions.map(
      (w, i) => `<span>${i > 0 ? ', ' : ''}<a${attrs({ href: link({ q: w }) })}>${escapeHtml(w)}</a></span>`,
    );
    html += `<p class="mt-2">${escapeHtml(t.tryWords)} ${words.join('')}.</p>`;
  }
  if (total === 0) html += `<p class="mt-2 text-muted">${escapeHtml(t.hint(filtered))}</p>`;
  if (!(total > 0 || filtered)) return html;

  const facets = [
    facetHtml({
      title: t.kind,
      all: t.all,
      name: 'kind',
      values: name.facet(result.facets.kinds, name.kind),
      current: params.kind,
      params,
      link,
    }),
    facetHtml({
      title: t.area,
      all: t.all,
      name: 'area',
      values: name.facet(result.facets.areas, name.area),
      current: params.area,
      params,
      link,
    }),
    facetHtml({
      title: t.year,
      all: t.all,
      name: 'year',
      values: result.facets.years,
      current: params.year ? String(params.year) : undefined,
      params,
      link,
    }),
  ];
  const items = hits.map((h) => {
    const href = scope === 'admin' ? h.adminUrl : h.url && localePath(locale, h.url);
    const kindLabel = name.kind(h.source, h.kindLabel);
    const areaLabel = name.area(h.area, h.areaLabel);
    let meta = escapeHtml(kindLabel);
    if (h.source !== 'pages' && areaLabel !== kindLabel) meta += escapeHtml(` · ${areaLabel}`);
    if (h.date && h.source !== 'pages')
      meta += ` · <time${attrs({ dateTime: h.date.toISOString() })}>${escapeHtml(formatDate(h.date, locale))}</time>`;
    if (scope === 'admin')
      meta += `<span class="ml-2 rounded border border-border px-1.5 py-0.5 text-xs text-fg">${escapeHtml(
        h.deleted ? t.admin.deleted : (statusLabels[h.status] ?? h.status),
      )}</span>`;
    const title = highlightedHtml(h.title);
    // Titles and excerpts as written: English where translated, French (marked) otherwise.
    let item =
      `<p class="text-sm text-muted">${meta}</p>` +
      `<h2${attrs({ class: 'mt-1 text-lg font-semibold leading-snug', lang: langOf(h.lang.title) })}>` +
      `${href ? `<a${attrs({ href })}>${title}</a>` : title}</h2>`;
    if (h.excerpt.length > 0)
      item +=
        `<p class="mt-1 text-fg">${h.inDocument ? `<span class="font-medium">${escapeHtml(`${t.inDocument} `)}</span>` : ''}` +
        `<span${attrs({ lang: langOf(h.lang.excerpt) })}>${highlightedHtml(h.excerpt)}</span></p>`;
    if (scope === 'admin' && h.url)
      item += `<p class="mt-1 text-sm"><a${attrs({ href: localePath(locale, h.url) })}>${escapeHtml(t.admin.publicPage)}</a></p>`;
    return `<li>${item}</li>`;
  });
  let pages = '';
  if (result.pages > 1) {
    const button = 'inline-block rounded-md border border-border px-3 py-1';
    const numbers = Array.from({ length: result.pages }, (_, i) => i + 1)
      .filter((n) => n === 1 || n === result.pages || Math.abs(n - result.page) <= 2)
      .map((n) => {
        const current = n === result.page;
        const a = attrs({
          'aria-current': current ? 'page' : undefined,
          class: `inline-block rounded-md border border-border px-3 py-1 ${current ? 'bg-primary text-primary-fg' : ''}`,
          href: link({ ...params, page: n }),
        });
        return `<li><a${a}><span class="sr-only">${escapeHtml(`${t.page} `)}</span>${n}</a></li>`;
      });
    const previous =
      result.page > 1
        ? `<li><a${attrs({ rel: 'prev', class: button, href: link({ ...params, page: result.page - 1 }) })}>` +
          `${escapeHtml(t.previous)}</a></li>`
        : '';
    const next =
      result.page < result.pages
        ? `<li><a${attrs({ rel: 'next', class: button, href: link({ ...params, page: result.page + 1 }) })}>${escapeHtml(t.next)}</a></li>`
        : '';
    pages =
      `<nav${attrs({ 'aria-label': t.pages })} class="mt-8"><ul class="flex flex-wrap gap-2">` +
      `${previous}${numbers.join('')}${next}</ul></nav>`;
  }
  return (
    html +
    `<div class="mt-6 grid gap-8 md:grid-cols-[14rem_1fr]">` +
    `<aside${attrs({ 'aria-label': t.filters })} class="md:order-none">${facets.join('')}</aside>` +
    `<div><ol${attrs({ 'aria-label': t.list, class: 'space-y-6', start: (result.page - 1) * SEARCH_PER_PAGE + 1 })}>` +
    `${items.join('')}</ol>` +
    `${pages}</div></div>`
  );
}

/** The search form of a search page (the header has its own, smaller one); `action` is its French path. */
export function searchFormHtml({ q, action, label, locale }: { q: string; action: string; label: string; locale: Locale }): string {
  const t = messages(locale).search.form;
  return (
    `<form role="search" class="mt-4 flex max-w-2xl flex-wrap items-end gap-2"` +
    `${attrs({ action: localePath(locale, action) })} method="get">` +
    `<div class="min-w-0 flex-1"><label for="recherche-q" class="block text-sm font-medium">${escapeHtml(label)}</label>` +
    // React writes a form's action and an input's name and value last.
    `<input id="recherche-q" type="search" maxLength="200" class="mt-1 w-full rounded-md border border-border bg-bg px-3 py-2" name="q"` +
    `${attrs({ value: q })}/></div>` +
    `<button type="submit" class="rounded-md bg-primary px-4 py-2 font-medium text-primary-fg hover:opacity-90">` +
    `${escapeHtml(t.submit)}</button>` +
    `</form>`
  );
}

/**
 * What the public search page shows below its title for an address: the form with the query, then
 * the results (`result`, null when there is no query) or the prompt to type one.
 */
export function searchBlockHtml(params: SearchPageParams, result: SearchResult | null, locale: Locale): string {
  const t = messages(locale).search.page;
  const form = searchFormHtml({ q: params.q, action: searchHref({}), label: t.formLabel, locale });
  return (
    form +
    (result
      ? searchResultsHtml({ result, params, scope: 'public', base: searchPath, locale })
      : `<p class="mt-6 text-muted">${escapeHtml(t.prompt)}</p>`)
  );
}

/** The title the public search page gives itself (before the site's suffix, lib/seo.ts). */
export function searchPageTitle(q: string, locale: Locale): string {
  const t = messages(locale).search.page;
  return q ? t.metaTitle(q.slice(0, 60)) : t.metaTitleEmpty;
}

/** The public page's block for an address: the visitors' search (cached, ./cache.ts) when there is a query, in its markup. */
export async function searchBlock(db: Db, params: SearchPageParams, locale: Locale): Promise<string> {
  const { q, area, kind, year, page } = params;
  const result = q.trim() ? await cachedSearch(db, { q, area, kind, year, page, locale }) : null;
  return searchBlockHtml(params, result, locale);
}
