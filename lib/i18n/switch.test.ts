import { describe, expect, it } from 'vitest';
import { languageSwitchFallback, otherLocales, pageInLocale, refererPage } from './switch';

const at = (address: string) => new URL(address, 'https://stat.example');

describe('pageInLocale', () => {
  it('gives the same page, query and hash in the other language', () => {
    expect(pageInLocale(at('/indice/ipc?periode=5y#tableau'), 'en')).toBe('/en/indice/ipc?periode=5y#tableau');
    expect(pageInLocale(at('/en/indice/ipc?periode=5y#tableau'), 'fr')).toBe('/indice/ipc?periode=5y#tableau');
    expect(pageInLocale(at('/'), 'en')).toBe('/en');
    expect(pageInLocale(at('/?q=riz'), 'en')).toBe('/en?q=riz');
    expect(pageInLocale(at('/en'), 'fr')).toBe('/');
    expect(pageInLocale(at('/en/'), 'fr')).toBe('/');
    expect(pageInLocale(at('/en/recherche?q=prix&page=2'), 'fr')).toBe('/recherche?q=prix&page=2');
  });
  it('stays in the language when asked for the one the page is in', () => {
    expect(pageInLocale(at('/en/calendrier'), 'en')).toBe('/en/calendrier');
    expect(pageInLocale(at('/calendrier'), 'fr')).toBe('/calendrier');
  });
  it('gives the home page for what is no page, and never another site', () => {
    expect(pageInLocale(at('/admin/apercu/news/3'), 'en')).toBe('/en');
    expect(pageInLocale(at('/fichiers/1/a.pdf'), 'en')).toBe('/en');
    expect(pageInLocale(at('/api/langue?vers=en'), 'fr')).toBe('/');
    // `//evil.example/x` as a Location would leave the site.
    expect(pageInLocale(at('https://stat.example//evil.example/x'), 'fr')).toBe('/');
    expect(pageInLocale(at('https://stat.example/en//evil.example/x'), 'fr')).toBe('/');
    expect(pageInLocale({ pathname: '/\\evil.example' }, 'fr')).toBe('/');
  });
});

describe('refererPage', () => {
  const origins = ['http://127.0.0.1:3000', 'https://stat.example'];
  it('accepts this site’s pages only', () => {
    expect(refererPage('https://stat.example/en/indice/ipc?x=1', origins)?.pathname).toBe('/en/indice/ipc');
    expect(refererPage('http://127.0.0.1:3000/calendrier', origins)?.pathname).toBe('/calendrier');
    for (const referer of [
      null,
      '',
      'https://evil.example/indice/ipc',
      'http://stat.example/indice/ipc',
      'https://stat.example.evil.example/',
      'javascript:alert(1)',
      'not a url',
      '/indice/ipc',
      `https://stat.example/${'a'.repeat(5000)}`,
    ]) {
      expect(refererPage(referer, origins), String(referer)).toBeNull();
    }
  });
});

describe('the switch without JavaScript', () => {
  it('links to the route handler, one link per other language', () => {
    expect(otherLocales('fr')).toEqual(['en']);
    expect(otherLocales('en')).toEqual(['fr']);
    expect(languageSwitchFallback('en')).toBe('/api/langue?vers=en');
  });
});
