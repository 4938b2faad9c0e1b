/**
 * An English page's frame links to English pages only: every internal link, the search form's
 * action and the language switch, rendered as the server sends them (the HTML a reader without
 * JavaScript gets).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { areasOfSection, sections } from '@/lib/content/areas';
import type { SiteIdentity } from '@/lib/content/queries/site';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { localePath, splitLocale } from '@/lib/i18n/paths';
import { ErrorView } from './error-view';
import { Footer } from './footer';
import { Header } from './header';
import { NotFoundView } from './not-found-view';

const identity: SiteIdentity = {
  id: 1,
  name: 'Institut national de la statistique',
  acronym: 'INS',
  country: 'BF',
  tagline: null,
  translations: {},
  logoFileId: null,
  logo: null,
  address: 'Ouagadougou',
  phone: '+226 25 00 00 00',
  email: 'contact@stat.example',
  socialLinks: [{ label: 'X', url: 'https://x.example/ins' }],
  version: 1,
  updatedAt: new Date(0),
  updatedBy: null,
};

/** Every address the HTML points at or submits to, in order. */
const addresses = (html: string) => [...html.matchAll(/\s(?:href|action)="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

/** Internal addresses that lead to a page in another language than `locale`. */
function otherLanguage(html: string, locale: Locale): string[] {
  return addresses(html).filter((a) => {
    if (!a.startsWith('/') || a.startsWith('//')) return false; // #contenu, tel:, mailto:, other sites
    const pathname = a.replace(/[?#].*$/, '');
    const isPage = localePath('en', pathname) !== pathname || splitLocale(pathname).locale === 'en';
    return isPage && splitLocale(pathname).locale !== locale;
  });
}

const frame = (locale: Locale, id: SiteIdentity | null = identity) =>
  renderToStaticMarkup(Header({ identity: id, locale })) + renderToStaticMarkup(Footer({ identity: id, locale }));

describe('the site frame in English', () => {
  const html = frame('en');

  it('links to no French page: logo, menus, footer, search form', () => {
    expect(otherLanguage(html, 'en')).toEqual([]);
    expect(otherLanguage(frame('en', null), 'en')).toEqual([]);
    // Not vacuous: the logo, every area of the menus (twice: phone and desktop) and the footer's six.
    const menuAreas = sections.flatMap((s) => areasOfSection(s.key));
    expect(addresses(html).filter((a) => a.startsWith('/en')).length).toBeGreaterThanOrEqual(1 + 2 * menuAreas.length + 6);
    expect(addresses(html)).toContain('/en');
    expect(addresses(html)).toContain(`/en${menuAreas[0]!.publicPath}`);
    expect(html).toContain('action="/en/recherche"');
  });

  it('offers French for the same page, named in French', () => {
    expect(html).toMatch(/<a href="\/api\/langue\?vers=fr" hrefLang="fr" lang="fr"[^>]*>Français<\/a>/);
    expect(html).not.toContain('vers=en');
  });
});

describe('the site frame in French', () => {
  const html = frame('fr');
  it('keeps French paths and offers English', () => {
    expect(otherLanguage(html, 'fr')).toEqual([]);
    expect(addresses(html)).toContain('/');
    expect(addresses(html)).toContain('/actualites');
    expect(html).toContain('action="/recherche"');
    expect(html).toMatch(/<a href="\/api\/langue\?vers=en" hrefLang="en" lang="en"[^>]*>English<\/a>/);
  });
});

describe('the institute’s name and tagline', () => {
  const english = { name: 'National Institute of Statistics', tagline: 'Figures for everyone' };
  const translated: SiteIdentity = { ...identity, tagline: 'Des chiffres pour tous', translations: { en: english } };

  it('are in English on English pages where /admin/about translates them', () => {
    const html = frame('en', translated);
    expect(html).toContain('<span class="block truncate text-sm text-muted">National Institute of Statistics</span>');
    expect(html).toContain('<p class="font-bold">National Institute of Statistics</p>');
    expect(html).toContain('<p class="mt-1 text-sm text-muted">Figures for everyone</p>');
    expect(html).not.toContain(identity.name);
  });

  it('are in French, marked lang="fr", on English pages where they are not translated', () => {
    const html = frame('en', { ...translated, translations: { en: { name: english.name } } });
    expect(html).toContain('<p class="font-bold">National Institute of Statistics</p>');
    expect(html).toContain('<p class="mt-1 text-sm text-muted" lang="fr">Des chiffres pour tous</p>');
    const french = frame('en', { ...translated, translations: {} });
    expect(french).toContain(`<span class="block truncate text-sm text-muted" lang="fr">${identity.name}</span>`);
    expect(french).toContain(`<p class="font-bold" lang="fr">${identity.name}</p>`);
  });

  it('stay French, unmarked, on French pages', () => {
    const html = frame('fr', translated);
    expect(html).toContain(`<span class="block truncate text-sm text-muted">${identity.name}</span>`);
    expect(html).toContain('<p class="mt-1 text-sm text-muted">Des chiffres pour tous</p>');
    expect(html).not.toContain(english.name);
  });
});

describe('error pages', () => {
  it('lead home in their language', () => {
    expect(addresses(renderToStaticMarkup(NotFoundView({ locale: 'en' })))).toEqual(['/en']);
    expect(addresses(renderToStaticMarkup(ErrorView({ labels: messages('en').site.error, locale: 'en' })))).toEqual(['/en']);
    expect(addresses(renderToStaticMarkup(NotFoundView({ locale: 'fr' })))).toEqual(['/']);
  });
});
