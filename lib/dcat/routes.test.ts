import { describe, expect, it, vi } from 'vitest';
import type { Catalogue } from './model';

const catalogue: Catalogue = {
  iri: 'http://localhost:3000/catalogue',
  title: { fr: 'Catalogue' },
  description: { fr: 'Le catalogue.' },
  homepage: 'http://localhost:3000/',
  publisher: { iri: 'http://localhost:3000/catalogue#institut', name: { fr: 'Institut' } },
  contact: { iri: 'http://localhost:3000/catalogue#contact', name: 'Institut', url: 'http://localhost:3000/' },
  license: { iri: 'http://publications.europa.eu/resource/authority/licence/CC_BY_4_0' },
  spatial: { iri: 'http://localhost:3000/catalogue#territoire' },
  service: {
    iri: 'http://localhost:3000/catalogue#sdmx',
    title: { fr: 'SDMX' },
    description: { fr: 'SDMX.' },
    endpointURL: 'http://localhost:3000/sdmx/rest',
  },
  datasets: [],
};
vi.mock('./public', () => ({ getPublicCatalogue: async () => catalogue }));
const { catalogueFile, negotiate, negotiatedCatalogue } = await import('./routes');

const get = (path: string, headers: Record<string, string> = {}) => new Request(`http://localhost:3000${path}`, { headers });

describe('the catalogue’s negotiation and answers', () => {
  it('chooses by quality, a type named outright before a wildcard, Turtle when nothing is said', () => {
    expect(negotiate(null)).toBe('turtle');
    expect(negotiate('*/*')).toBe('turtle');
    expect(negotiate('application/ld+json')).toBe('jsonld');
    expect(negotiate('application/json;q=0.5, application/rdf+xml;q=0.8')).toBe('rdfxml');
    expect(negotiate('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe('html');
    expect(negotiate('text/turtle;q=0, application/rdf+xml;q=0.1')).toBe('rdfxml');
    expect(negotiate('image/png')).toBeNull();
  });

  it('answers RDF in the format asked, sends a browser to the open-data page, refuses what it cannot give', async () => {
    const turtle = await negotiatedCatalogue(get('/catalogue', { Accept: 'text/turtle' }));
    expect(turtle.status).toBe(200);
    expect(turtle.headers.get('content-type')).toBe('text/turtle; charset=utf-8');
    expect(turtle.headers.get('vary')).toContain('Accept');
    expect(await turtle.text()).toContain('<http://localhost:3000/catalogue?page=1>\n    a hydra:PartialCollectionView');
    const browser = await negotiatedCatalogue(get('/catalogue', { Accept: 'text/html', 'Accept-Language': 'en-GB,en;q=0.9' }));
    expect([browser.status, browser.headers.get('location')]).toEqual([303, 'http://localhost:3000/en/donnees#catalogue']);
    expect((await negotiatedCatalogue(get('/catalogue', { Accept: 'image/png' }))).status).toBe(406);
  });

  it('pages: ?page=1 is the first, a page past the last is 404, another parameter 400; ETag and 304', async () => {
    const file = catalogueFile('jsonld');
    const first = await file(get('/catalogue.jsonld?page=1'));
    expect(first.status).toBe(200);
    expect(JSON.parse(await first.text())['@graph'].some((n: { '@id': string }) => n['@id'] === 'http://localhost:3000/catalogue')).toBe(
      true,
    );
    expect((await file(get('/catalogue.jsonld?page=2'))).status).toBe(404);
    expect((await file(get('/catalogue.jsonld?taille=2'))).status).toBe(400);
    const etag = first.headers.get('etag')!;
    expect((await file(get('/catalogue.jsonld?page=1', { 'If-None-Match': etag }))).status).toBe(304);
  });
});
