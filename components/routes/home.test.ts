/**
 * The home page's heading, tagline and metadata in each language: the institute's name and tagline
 * in English where /admin/about translates them, the French name marked `lang="fr"` where not, and
 * the catalogue's description on an English page without an English tagline (never the French
 * tagline as the page's English summary). The cached reads are replaced by the rows they return.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteIdentity } from '@/lib/content/queries/site';
import { messages } from '@/lib/i18n/messages';
import { homeRoute } from './home';

const rows = vi.hoisted(() => ({ identity: null as unknown }));
vi.mock('@/lib/content/public', () => ({
  getIdentity: async () => rows.identity,
  getLatestPublications: async () => [],
  getKindList: async (name: string) => (name === 'events' ? { upcoming: [], past: [] } : { items: [] }),
}));
vi.mock('@/lib/series/public', () => ({ getHeadlineFigures: async () => [] }));
vi.mock('@/lib/releases/public', () => ({ getUpcomingReleases: async () => [] }));

const french: SiteIdentity = {
  id: 1,
  name: 'Institut national de la statistique de Sahelia',
  acronym: 'INSS',
  country: 'République de Sahelia',
  tagline: 'La statistique publique au service du développement',
  translations: {},
  logoFileId: null,
  logo: null,
  address: null,
  phone: null,
  email: null,
  socialLinks: [],
  version: 1,
  updatedAt: new Date(0),
  updatedBy: null,
};
const english = { name: 'National Institute of Statistics of Sahelia', tagline: 'Official statistics serving development' };

/** The home page's first section (heading and tagline) in `locale`. */
async function hero(locale: 'fr' | 'en') {
  const html = renderToStaticMarkup(await homeRoute(locale).Page());
  return html.slice(0, html.indexOf('</section>'));
}

describe('the home page', () => {
  beforeEach(() => {
    rows.identity = french;
  });

  it('in English where translated: the English name and tagline, in the heading, the title and the description', async () => {
    rows.identity = { ...french, translations: { en: english } };
    const out = await hero('en');
    expect(out).toContain(`<h1 class="text-3xl font-bold leading-tight">${english.name}</h1>`);
    expect(out).toContain(`<p class="mt-3 max-w-3xl text-lg">${english.tagline}</p>`);
    const meta = await homeRoute('en').generateMetadata();
    expect(meta.title).toBe(`INSS — ${english.name}`);
    expect(meta.description).toBe(english.tagline);
  });

  it('in English without translation: the French name marked lang="fr", the catalogue’s description, not the French tagline', async () => {
    const out = await hero('en');
    expect(out).toContain(`<h1 class="text-3xl font-bold leading-tight" lang="fr">${french.name}</h1>`);
    expect(out).toContain(`<p class="mt-3 max-w-3xl text-lg">${messages('en').content.home.description}</p>`);
    expect(out).not.toContain(french.tagline);
    expect((await homeRoute('en').generateMetadata()).description).toBe(messages('en').content.home.description);
  });

  it('in French: the French name and tagline, whatever is translated', async () => {
    rows.identity = { ...french, translations: { en: english } };
    const out = await hero('fr');
    expect(out).toContain(`<h1 class="text-3xl font-bold leading-tight">${french.name}</h1>`);
    expect(out).toContain(`<p class="mt-3 max-w-3xl text-lg">${french.tagline}</p>`);
    const meta = await homeRoute('fr').generateMetadata();
    expect(meta.title).toBe(`INSS — ${french.name}`);
    expect(meta.description).toBe(french.tagline);
  });
});
