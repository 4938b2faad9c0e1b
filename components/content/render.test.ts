/**
 * The public content components in each language: English where translated, French marked
 * `lang="fr"` where not, with one notice at the top of a page whose text is French, links that stay
 * under /en, and French pages exactly as before translations existed. The cached reads are replaced
 * by the rows the queries return (their tests run against real databases).
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { area } from '@/lib/content/areas';
import type { Locale } from '@/lib/i18n/locales';
import { news, publication, related, seriesData } from './fixtures.test-data';
import { localizedPublication } from '@/lib/content/localize';
import { CalendarPage, ReleasePage } from './calendar-page';
import { InstitutionPage } from './institution-page';
import { NewsArticle } from './news-article';
import { messages } from '@/lib/i18n/messages';
import { PublicationList, publicationItems } from './publication-list';
import { PublicationPage, PublicationView } from './publication-page';
import { SeriesPage } from './series-page';
import { UntranslatedNotice } from './untranslated-notice';

const rows = vi.hoisted(() => ({ current: {} as Record<string, unknown> }));
vi.mock('@/lib/content/public', () => ({
  getIdentity: async () => rows.current.identity ?? { name: 'Institut national de la statistique', acronym: 'INS' },
  getPublicationPage: async () => rows.current.publicationPage,
  getPageContent: async () => rows.current.page,
}));
// Tables are read through Next's cache, which runs only inside Next: none here.
vi.mock('@/lib/tables/read/public', () => ({
  getPublicTableList: async () => [],
  getReleaseTables: async () => [],
  getSeriesSlice: async () => null,
}));
vi.mock('@/lib/series/public', () => ({ getSeriesPage: async () => rows.current.seriesPage }));
vi.mock('@/lib/releases/public', () => ({
  getRelease: async () => rows.current.release,
  getCalendar: async () => rows.current.calendar,
}));

const ipc = area('ipc');
const html = (node: unknown) => renderToString(node as never);
const english = {
  title: 'Consumer price index, October 2026',
  summary: 'Prices rose by 0.4% over the month.',
  body: '<p>Food prices drove the index.</p>',
};
const notePage = 'This page has not been translated into English yet; it is shown in French.';
const notePart = 'Part of this page has not been translated into English yet; it is shown in French.';
const view = (p: typeof publication, locale: Locale) =>
  html(
    PublicationView({
      area: ipc,
      publication: p,
      related,
      identity: { acronym: 'INS', name: 'Institut national de la statistique' },
      locale,
    }),
  );

describe('UntranslatedNotice', () => {
  it('says the whole page or a part of it is in French, and nothing when it is not', () => {
    expect(html(createElement(UntranslatedNotice, { locale: 'en', langs: ['fr', 'fr'] }))).toBe(
      `<p role="note" class="mb-6 rounded-md border border-border bg-surface px-4 py-3 text-sm">${notePage}</p>`,
    );
    expect(html(createElement(UntranslatedNotice, { locale: 'en', langs: ['en', 'fr'] }))).toContain(notePart);
    expect(html(createElement(UntranslatedNotice, { locale: 'en', langs: ['en', 'en'] }))).toBe('');
    expect(html(createElement(UntranslatedNotice, { locale: 'en', langs: [] }))).toBe('');
    expect(html(createElement(UntranslatedNotice, { locale: 'fr', langs: ['fr'] }))).toBe('');
  });
});

describe('localizedPublication', () => {
  it('gives the languages of the text the page shows, leaving out empty fields', () => {
    expect(localizedPublication({ ...publication, summary: '', translations: { en: { title: 'T' } } }, 'en').main).toEqual(['en', 'fr']);
    expect(localizedPublication({ ...publication, translations: { en: english } }, 'en').main).toEqual(['en', 'en', 'en']);
    expect(localizedPublication({ ...publication, translations: { en: english } }, 'fr')).toMatchObject({
      title: publication.title,
      main: ['fr', 'fr', 'fr'],
    });
  });
});

describe('a publication page', () => {
  it('in English without a translation: French text marked lang="fr" under the notice, links under /en, files unchanged', () => {
    const out = view(publication, 'en');
    expect(out.indexOf(notePage)).toBeGreaterThan(-1);
    expect(out.indexOf(notePage)).toBeLessThan(out.indexOf('<h1'));
    expect(out).toContain(`<h1 lang="fr" class="text-3xl font-bold leading-tight">${publication.title}</h1>`);
    expect(out).toContain('<div lang="fr" class="prose-content mt-8">');
    expect(out).toContain('<dd lang="fr">Octobre 2026</dd>');
    expect(out).toContain('href="/en"');
    expect(out).toContain('href="/en/indice/ipc"');
    expect(out).toContain('href="/en/indice/ipc/ipc-septembre-2026"');
    expect(out).toContain(`href="/fichiers/${publication.files[0]!.id}/`);
    expect(out).toContain('http://localhost:3000/en/indice/ipc/ipc-octobre-2026');
  });

  it('in English when translated: the English texts, no notice; an untranslated period alone is marked, without notice', () => {
    const out = view({ ...publication, translations: { en: english } }, 'en');
    expect(out).not.toContain('role="note"');
    expect(out).toContain(`<h1 class="text-3xl font-bold leading-tight">${english.title}</h1>`);
    expect(out).toContain(english.summary);
    expect(out).toContain(english.body);
    expect(out).not.toContain(publication.body);
    expect(out).toContain('<dd lang="fr">Octobre 2026</dd>');
  });

  it('in English with only the title translated: the notice says part of it is French', () => {
    const out = view({ ...publication, translations: { en: { title: english.title } } }, 'en');
    expect(out).toContain(notePart);
    expect(out).toContain('<p lang="fr" class="mt-6 text-lg font-medium">');
  });

  it('in French: the French texts, whatever is translated, without lang marks, notice or /en links', async () => {
    const french = view(publication, 'fr');
    expect(view({ ...publication, translations: { en: { ...english, periodLabel: 'October 2026' } } }, 'fr')).toBe(french);
    expect(french).not.toMatch(/lang="|role="note"|href="\/en/);
    rows.current = { publicationPage: { publication, related } };
    expect(html(await PublicationPage({ area: ipc, slug: publication.slug, locale: 'fr' }))).toBe(french);
  });
});

describe('lists and other pages', () => {
  beforeEach(() => {
    rows.current = {};
  });

  it('lists translated titles in English and marks the others French, without a notice per item', () => {
    const items = [
      { ...publication, translations: { en: english } },
      { ...publication, id: 8, slug: 'autre' },
    ];
    const out = html(createElement(PublicationList, { items, locale: 'en' }));
    expect(out).toContain(
      `<h2 class="text-lg font-semibold leading-snug"><a href="/en/indice/ipc/ipc-octobre-2026">${english.title}</a></h2>`,
    );
    expect(out).toContain('<h2 lang="fr" class="text-lg font-semibold leading-snug"><a href="/en/indice/ipc/autre">');
    expect(out).toContain('Period: <span lang="fr">Octobre 2026</span>');
    expect(out).not.toContain('role="note"');
  });

  it('draws a list from its plain data (publicationItems): the period as one text where nothing is marked, the files without their name where labelled', () => {
    // PublicationItems joins the catalogue's pieces where no <span lang> goes between them: the same text as `period`.
    for (const locale of ['fr', 'en'] as const) {
      const t = messages(locale).content.publication;
      expect(t.periodPieces('Octobre 2026').join('')).toBe(t.period('Octobre 2026'));
    }
    const file = { id: 'f1', name: 'Note IPC.pdf', label: 'Note complète', mime: 'application/pdf', ext: 'pdf', size: 2048 };
    const item = { ...publication, files: [{ ...file, width: null, height: null, restricted: false }] };
    const [row] = publicationItems([item], 'fr', true);
    expect(row!.files[0]).not.toHaveProperty('name');
    expect(JSON.stringify(row)).not.toContain('undefined');
    const out = html(createElement(PublicationList, { items: [item], showArea: true, locale: 'fr' }));
    expect(out).toContain('Période : Octobre 2026');
    expect(out).toContain('<p class="item-area">');
    expect(out).toContain('<span class="sr-only"> : <!-- -->Note complète</span>');
  });

  it('shows a news article in English, or in French with the notice', () => {
    expect(
      html(
        createElement(NewsArticle, {
          item: { ...news, translations: { en: { title: 'Statistics Day', excerpt: 'Open doors.', body: '<p>Programme.</p>' } } },
          locale: 'en',
        }),
      ),
    ).not.toMatch(/lang="fr"|role="note"/);
    const out = html(createElement(NewsArticle, { item: news, locale: 'en' }));
    expect(out).toContain(notePage);
    expect(out).toContain('<h1 lang="fr"');
  });

  it('shows an institution page in English where translated', async () => {
    rows.current = {
      page: {
        key: 'mission',
        title: 'Notre mission',
        body: '<p>Produire.</p>',
        translations: { en: { title: 'Our mission' } },
        photo: null,
      },
    };
    const out = html(await InstitutionPage({ pageKey: 'mission', locale: 'en' }));
    expect(out).toContain('>Our mission</h1>');
    expect(out).toContain(notePart);
    expect(out).toContain('<div lang="fr" class="prose-content ">');
  });

  it('shows a series page in English where translated, with its Dataset markup in English at the English address', async () => {
    const data = { ...seriesData, translations: { en: { label: 'Consumer price index', unit: 'index' } } };
    rows.current = { seriesPage: { data, versions: [data.version] } };
    const out = html(await SeriesPage({ area: ipc, code: 'IPC', range: '10y', locale: 'en' }));
    expect(out).toContain('<h1 class="text-3xl font-bold leading-tight">Consumer price index</h1>');
    expect(out).toContain(notePart); // the methodology is French
    expect(out).toContain('<p lang="fr" class="mt-4 max-w-3xl">Indice de Laspeyres chaîné.</p>');
    expect(out).toContain('<dd lang="fr">Enquête sur les prix</dd>');
    expect(out).toContain('href="/en/indice/ipc/series/IPC/5-ans"');
    expect(out).toContain('href="/en/donnees"');
    // Files linked from the English page ask the API for English labels.
    expect(out).toContain('href="/api/v1/series/IPC?format=csv&amp;lang=en"');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(out)![1]!);
    expect(jsonLd).toMatchObject({ name: 'Consumer price index', inLanguage: 'en', url: 'http://localhost:3000/en/indice/ipc/series/IPC' });
    expect(jsonLd.description).toMatch(/^Consumer price index \(IPC\), index/);
    expect(jsonLd.variableMeasured).toMatchObject({ name: 'Consumer price index', unitText: 'index' });
    expect(jsonLd.distribution[0].contentUrl).toBe('http://localhost:3000/api/v1/series/IPC?format=csv&lang=en');
  });

  it('keeps the French Dataset markup at the French address on the English page of an untranslated series', async () => {
    rows.current = { seriesPage: { data: { ...seriesData, translations: {} }, versions: [seriesData.version] } };
    const out = html(await SeriesPage({ area: ipc, code: 'IPC', range: '10y', locale: 'en' }));
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(out)![1]!);
    expect(jsonLd).toMatchObject({ name: seriesData.meta.label, inLanguage: 'fr', url: 'http://localhost:3000/indice/ipc/series/IPC' });
  });

  it('cites the institute by its English name where /admin/about gives one, by its French name marked lang="fr" otherwise', async () => {
    const translated = {
      acronym: 'INS',
      name: 'Institut national de la statistique',
      translations: { en: { name: 'National Institute of Statistics' } },
    };
    const text = (markup: string) => markup.replaceAll('<!-- -->', '');
    const out = text(html(PublicationView({ area: ipc, publication, related, identity: translated, locale: 'en' })));
    expect(out).toContain('. National Institute of Statistics. http://localhost:3000/en/indice/ipc/ipc-octobre-2026');
    expect(text(view(publication, 'en'))).toContain('. <span lang="fr">Institut national de la statistique</span>. http://');
    expect(html(PublicationView({ area: ipc, publication, related, identity: translated, locale: 'fr' }))).toBe(view(publication, 'fr'));

    rows.current = { seriesPage: { data: seriesData, versions: [seriesData.version] }, identity: translated };
    const series = html(await SeriesPage({ area: ipc, code: 'IPC', range: '10y', locale: 'en' }));
    expect(series).toContain('National Institute of Statistics, ');
    // The Dataset markup is French: its publisher keeps the French name.
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(series)![1]!);
    expect(jsonLd.publisher.name).toBe('Institut national de la statistique');
  });

  it('shows a release and the calendar in English where translated, with links under /en', async () => {
    const release = {
      id: 1,
      slug: 'ipc-octobre-2026',
      area: 'ipc',
      title: 'Indice des prix, octobre 2026',
      scheduledAt: new Date('2026-11-10T08:00:00Z'),
      status: 'cancelled' as const,
      provisionalLabel: null,
      reason: 'Enquête interrompue',
      contact: 'prix@ins.example',
      sequence: 1,
      updatedAt: new Date(),
      createdAt: new Date(),
      translations: { en: { title: 'Consumer prices, October 2026' } },
      publications: [{ area: 'ipc', slug: 'ipc-octobre-2026', title: publication.title, translations: { en: { title: english.title } } }],
      versions: [{ code: 'IPC', label: seriesData.meta.label, area: 'ipc', number: 2, publishedAt: new Date(), translations: {} }],
    };
    rows.current = { release: { release, changes: [] }, calendar: { upcoming: [], past: [release] } };
    const out = html(await ReleasePage({ slug: release.slug, locale: 'en' }));
    expect(out).toContain('>Consumer prices, October 2026</h1>');
    expect(out).toContain(notePart); // the reason is French
    expect(out).toContain('<span lang="fr">Enquête interrompue</span>');
    expect(out).toContain(`<a class="underline" href="/en/indice/ipc/ipc-octobre-2026">${english.title}</a>`);
    expect(out).toContain('<a lang="fr" class="underline" href="/en/indice/ipc/series/IPC">');
    expect(out).toContain('href="/en/calendrier"');
    const calendar = html(await CalendarPage({ locale: 'en' }));
    expect(calendar).toContain('<a class="underline" href="/en/calendrier/ipc-octobre-2026">Consumer prices, October 2026</a>');
    expect(calendar).toContain('href="/en/flux/calendrier.ics"');
    expect(calendar).not.toContain('role="note"');
  });
});
