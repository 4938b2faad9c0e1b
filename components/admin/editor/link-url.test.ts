import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '@/lib/content/html';
import { isAllowedLinkHref, parseLinkInput } from './link-url';

const kept = (href: string) => sanitizeRichText(`<p><a href="${href}">x</a></p>`).includes('<a ');

describe('parseLinkInput', () => {
  it.each([
    ['https://www.insstat.ml/publications?annee=2025#tableau', 'https://www.insstat.ml/publications?annee=2025#tableau'],
    ['  http://exemple.org  ', 'http://exemple.org'],
    ['mailto:contact@insstat.ml?subject=Question', 'mailto:contact@insstat.ml?subject=Question'],
    ['/publications/annuaire-2025', '/publications/annuaire-2025'],
    ['www.exemple.org/page', 'https://www.exemple.org/page'],
    ['contact@insstat.ml', 'mailto:contact@insstat.ml'],
  ])('accepts %j as %j, which the sanitizer keeps', (input, href) => {
    expect(parseLinkInput(input)).toEqual({ ok: true, href });
    expect(kept(href)).toBe(true);
  });

  it.each([
    ['', /Saisissez/],
    ['javascript:alert(1)', /non acceptée/],
    ['ftp://exemple.org/fichier', /non acceptée/],
    ['//evil.example/x', /seule barre oblique/],
    ['/\\evil.example', /seule barre oblique/],
    ['https://', /incomplète/],
    ['https:exemple', /incomplète/],
    ['mailto:personne', /électronique incomplète/],
    ['https://exemple.org/a b', /espace/],
    ['#section', /non acceptée/],
  ])('refuses %j with a French message', (input, message) => {
    const result = parseLinkInput(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });
});

describe('isAllowedLinkHref', () => {
  it.each([
    'https://exemple.org',
    'http://exemple.org/x',
    'mailto:a@b.fr',
    '/fichiers/1/a.pdf',
    'javascript:alert(1)',
    ' JAVASCRIPT:alert(1)',
    'jav\tascript:x',
    '//evil.example',
    '/\\evil.example',
    'data:text/html,x',
    'exemple.org',
    '#x',
  ])('agrees with the sanitizer on %j', (href) => {
    expect(isAllowedLinkHref(href)).toBe(kept(href));
  });
});
