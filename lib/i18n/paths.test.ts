import { describe, expect, it } from 'vitest';
import { languageAlternates, localePath, splitLocale } from './paths';

describe('localePath', () => {
  it('keeps French paths and prefixes English ones', () => {
    expect(localePath('fr', '/indice/ipc')).toBe('/indice/ipc');
    expect(localePath('en', '/indice/ipc')).toBe('/en/indice/ipc');
    expect(localePath('en', '/')).toBe('/en');
    expect(localePath('en', '/?q=x')).toBe('/en?q=x');
    expect(localePath('en', '/recherche?q=prix')).toBe('/en/recherche?q=prix');
    expect(localePath('en', '/#contenu')).toBe('/en#contenu');
  });
  it('leaves files, feeds, handlers, the back-office and other sites alone', () => {
    for (const path of [
      '/fichiers/1/a.pdf',
      '/flux/publications',
      '/api/v1/series',
      '/admin',
      '/admin/news',
      '/nsdp/IPC.xml',
      '/sitemap.xml',
      'https://example.org/',
      '//cdn.example.org/x',
      '#contenu',
    ]) {
      expect(localePath('en', path)).toBe(path);
    }
    expect(localePath('en', '/nsdp')).toBe('/en/nsdp');
    expect(localePath('en', '/administration')).toBe('/en/administration');
  });
});

describe('splitLocale', () => {
  it('reads the language and the French path', () => {
    expect(splitLocale('/en/indice/ipc')).toEqual({ locale: 'en', path: '/indice/ipc' });
    expect(splitLocale('/en')).toEqual({ locale: 'en', path: '/' });
    expect(splitLocale('/en/')).toEqual({ locale: 'en', path: '/' });
    expect(splitLocale('/indice/ipc')).toEqual({ locale: 'fr', path: '/indice/ipc' });
    expect(splitLocale('/enquetes')).toEqual({ locale: 'fr', path: '/enquetes' });
  });
});

describe('languageAlternates', () => {
  it('names each language and the default', () => {
    expect(languageAlternates('/calendrier')).toEqual({ fr: '/calendrier', en: '/en/calendrier', 'x-default': '/calendrier' });
    expect(languageAlternates('/', ['fr'])).toEqual({ fr: '/', 'x-default': '/' });
  });
});
