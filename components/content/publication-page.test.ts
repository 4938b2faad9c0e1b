/**
 * A law's and a decree's public page (a publication with the area's own fields: number, date
 * signed) is valid HTML for the W3C Nu checker, in French and in English: its description list
 * groups every term the same way (html-validate does not check this; the conformance crawl's Nu
 * pass does, on the seeded site).
 */
import { renderToString } from 'react-dom/server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { area } from '@/lib/content/areas';
import { createNuChecker } from '@/testing/conformance/nu-checker';
import { publication, related } from './fixtures.test-data';
import { PublicationView } from './publication-page';

// The view is given its rows: the cached reads run only inside Next.
vi.mock('@/lib/content/public', () => ({}));

const nu = createNuChecker();
afterAll(() => nu.close());

const document = (locale: 'fr' | 'en', body: string) =>
  `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><title>Texte</title></head><body><main>${body}</main></body></html>`;

const text = (slug: string) => ({
  ...publication,
  area: slug,
  slug: 'loi-2026-01',
  title: 'Loi n° 2026-01 relative à la statistique publique',
  fields: { number: '2026-01', signedOn: '2026-03-01' },
});

describe('the page of a law or a decree', () => {
  it('passes the Nu checker with its number and date signed, in French and in English', async () => {
    const pages = (['lois', 'decrets'] as const).flatMap((slug) =>
      (['fr', 'en'] as const).map((locale) => {
        const view = PublicationView({
          area: area(slug),
          publication: text(slug),
          related,
          identity: { acronym: 'INS', name: 'Institut' },
          locale,
        });
        return { name: `${slug} (${locale})`, html: document(locale, renderToString(view)) };
      }),
    );
    for (const p of pages) expect(p.html, p.name).toContain('<dd>2026-01</dd>');
    // One batch, so one JVM, for the four pages.
    const checked = Promise.all(pages.map((p) => nu.validate(p.html, p.name)));
    nu.flush();
    const errors = await checked;
    expect(Object.fromEntries(pages.map((p, i) => [p.name, errors[i]]))).toEqual(Object.fromEntries(pages.map((p) => [p.name, []])));
  });
});
