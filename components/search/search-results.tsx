import type { Locale } from '@/lib/i18n/locales';
import { searchFormHtml, searchResultsHtml, type SearchResultsInput } from '@/lib/search/page-html';

/**
 * The search's markup is one implementation, HTML text (lib/search/page-html.ts): the production
 * server fills it into its copy of the public page without a React render (lib/search/fast-page.ts).
 * Here it is placed as it is: the RSC payload carries one string instead of a tree of elements, and
 * its links are plain links (a result or another page of results is a whole page, like without
 * JavaScript). `display: contents`: the wrapper changes nothing in the layout.
 */
function Html({ html }: { html: string }) {
  return <div className="contents" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Results of a search with their filters, notices and pages; the public page and the back-office share it. */
export function SearchResults(props: SearchResultsInput) {
  return <Html html={searchResultsHtml(props)} />;
}

/** The search form of a search page (the header has its own, smaller one); `action` is its French path. */
export function SearchForm(props: { q: string; action: string; label: string; locale: Locale }) {
  return <Html html={searchFormHtml(props)} />;
}

/** The public search page's query-dependent block: the form, then the results or the prompt (`searchBlockHtml`). */
export function SearchBlock({ html }: { html: string }) {
  return <Html html={html} />;
}
