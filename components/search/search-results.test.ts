/** The search page's links stay in its language; the back-office's stay French and its own. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { publicPublicationAreas } from '@/lib/content/areas';
import { splitLocale } from '@/lib/i18n/paths';
import { parseQuery } from '@/lib/search/parse';
import type { SearchHit, SearchResult } from '@/lib/search/query';
import { SearchForm, SearchResults } from './search-results';

/** Every address the HTML points at or submits to, in order. */
const addresses = (html: string) => [...html.matchAll(/\s(?:href|action)="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

describe('search results in English', () => {
  const area = publicPublicationAreas()[0]!;
  const hit = (n: number): SearchHit => ({
    source: 'publications',
    sourceId: String(n),
    title: [{ text: `Bulletin ${n}`, hit: false }],
    excerpt: [],
    lang: { title: 'fr', excerpt: 'fr' },
    inDocument: false,
    kindLabel: 'Publication',
    area: area.slug,
    areaLabel: area.label,
    date: null,
    url: `${area.publicPath}/bulletin-${n}`,
    adminUrl: `/admin/${area.slug}/${n}`,
    status: 'published',
    publishedAt: null,
    deleted: false,
  });
  const result = (over: Partial<SearchResult>): SearchResult => ({
    query: parseQuery('prix'),
    correctedText: null,
    total: 25,
    page: 2,
    pages: 3,
    hits: [hit(1), hit(2)],
    facets: {
      areas: [{ value: area.slug, label: area.label, count: 25 }],
      kinds: [{ value: 'publications', label: 'Publications', count: 25 }],
      years: [{ value: '2026', label: '2026', count: 25 }],
    },
    partial: false,
    suggestions: [],
    ...over,
  });
  const params = { q: 'prix', page: 2, year: 2026 };

  it('link results, filters, pages and the words to try to English pages', () => {
    const html = renderToStaticMarkup(SearchResults({ result: result({}), params, scope: 'public', base: '/recherche', locale: 'en' }));
    expect(addresses(html).filter((a) => splitLocale(a.replace(/[?#].*$/, '')).locale !== 'en')).toEqual([]);
    const links = addresses(html);
    expect(links).toContain(`/en${area.publicPath}/bulletin-1`);
    expect(links).toContain('/en/recherche?q=prix&annee=2026&page=3');
    expect(links).toContain(`/en/recherche?q=prix&rubrique=${area.slug}&annee=2026`);
    expect(links).toContain('/en/recherche?q=prix');
    const none = renderToStaticMarkup(
      SearchResults({
        result: result({ total: 0, pages: 0, page: 1, hits: [], suggestions: ['prise'] }),
        params: { q: 'prix', page: 1 },
        scope: 'public',
        base: '/recherche',
        locale: 'en',
      }),
    );
    expect(addresses(none)).toEqual(['/en/recherche?q=prise']);
    expect(renderToStaticMarkup(SearchForm({ q: 'prix', action: '/recherche', label: 'Search', locale: 'en' }))).toContain(
      'action="/en/recherche"',
    );
  });

  it('leave the back-office’s links alone, with its French badges', () => {
    const html = renderToStaticMarkup(
      SearchResults({
        result: result({
          hits: [
            { ...hit(1), status: 'draft' },
            { ...hit(2), deleted: true },
          ],
        }),
        params,
        scope: 'admin',
        base: '/admin/recherche',
        locale: 'fr',
      }),
    );
    const links = addresses(html);
    expect(links).toContain(`/admin/${area.slug}/1`);
    expect(links).toContain('/admin/recherche?q=prix&annee=2026&page=3');
    expect(links).toContain(`${area.publicPath}/bulletin-1`);
    expect(html).toContain('Brouillon');
    expect(html).toContain('Corbeille');
    expect(html).toContain('Voir la page publique');
  });
});
