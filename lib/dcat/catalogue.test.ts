import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '@/demo';
import { createLocalStorage } from '@/lib/storage/local';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { jsonLdToNQuads, rapperCount, shaclViolations } from '@/testing/dcat/validate';
import { buildCatalogue, catalogueGraph, pageCount, PAGE_SIZE, type Catalogue } from './model';
import { namespaces } from './rdf';
import { sdmxFlowId } from './sdmx';
import { catalogueSources, type CatalogueSources } from './sources';
import { serialize, toTurtle } from './serialize';

const site = 'https://stat.example.org';
const config = { site, license: 'http://publications.europa.eu/resource/authority/licence/CC_BY_4_0' };
const pageUrl = (n: number) => `${site}/catalogue.ttl?page=${n}`;
const { dcat, dct, rdf, hydra, spdx } = namespaces;

describe.each(testDatabaseKinds)('the DCAT-AP catalogue on %s', (kind) => {
  let database: TestDatabase;
  let sources: CatalogueSources;
  let catalogue: Catalogue;
  const now = new Date();
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'insstat-dcat-'));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoContent(database.db, createLocalStorage(filesDir), { now });
    sources = await catalogueSources(database.db, now);
    catalogue = buildCatalogue(sources, config);
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('has every public table, series and publication with files as a dataset, with a stable identifier', () => {
    expect(sources.tables.length).toBeGreaterThanOrEqual(3);
    expect(sources.series.length).toBeGreaterThanOrEqual(3);
    expect(sources.publications.length).toBeGreaterThanOrEqual(3);
    const ids = catalogue.datasets.map((d) => d.identifier);
    expect(ids).toEqual(expect.arrayContaining([`table/${sources.tables[0]!.code}`, `series/${sources.series[0]!.meta.code}`]));
    expect(new Set(ids).size).toBe(ids.length);
    expect(catalogue.datasets).toHaveLength(sources.tables.length + sources.series.length + sources.publications.length);
    // Built again from the same data: the same identifiers and addresses (a harvester keys on them).
    expect(buildCatalogue(sources, config).datasets.map((d) => [d.identifier, d.iri])).toEqual(
      catalogue.datasets.map((d) => [d.identifier, d.iri]),
    );
  });

  it('describes a table with French and English texts, its period, frequency, versions, files and its SDMX flow', () => {
    const table = sources.tables.find((t) => t.row.translations?.en?.title) ?? sources.tables[0]!;
    const d = catalogue.datasets.find((x) => x.identifier === `table/${table.code}`)!;
    expect(d.title.fr).toBe(table.row.title);
    if (table.row.translations?.en?.title) expect(d.title.en).toBe(table.row.translations.en.title);
    expect(d.issued.getTime()).toBeLessThanOrEqual(d.modified.getTime());
    expect(d.modified.toISOString()).toBe(table.version.publishedAt);
    const time = table.structure.dimensions.find((x) => x.role === 'time')!;
    expect(d.temporal?.start.slice(0, 4)).toBe(time.values[0]!.code.slice(0, 4));
    expect(d.frequency?.iri).toMatch(/^http:\/\/publications\.europa\.eu\/resource\/authority\/frequency\//);
    expect(d.themes.every((t) => t.iri.startsWith('http://publications.europa.eu/resource/authority/data-theme/'))).toBe(true);
    const csv = d.distributions.find((x) => x.downloadURL === `${site}/api/v1/tables/${table.code}?format=csv`);
    expect(csv?.mediaType).toBe('http://www.iana.org/assignments/media-types/text/csv');
    const sdmx = d.distributions.find((x) => x.sdmx);
    expect(sdmx?.downloadURL).toBe(`${site}/sdmx/rest/data/DF_${table.code}`);
    expect(sdmxFlowId(table)).toBe(`DF_${table.code}`);
    expect(d.dimensions).toHaveLength(table.structure.dimensions.length);
    // The API's files with stable bytes carry their size and digest; XLSX (it holds the instant it was written) does not.
    expect(csv?.byteSize).toBeGreaterThan(0);
    expect(csv?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const xlsx = d.distributions.find((x) => x.downloadURL.endsWith('format=xlsx'));
    expect([xlsx?.byteSize, xlsx?.sha256]).toEqual([undefined, undefined]);
  });

  it('gives a stored file its size and the SHA-256 it was stored with', () => {
    const p = sources.publications[0]!;
    const d = catalogue.datasets.find((x) => x.identifier === `publication/${p.id}`)!;
    expect(d.distributions.map((x) => [x.byteSize, x.sha256])).toEqual(p.files.map((f) => [f.size, f.sha256]));
    expect(d.distributions[0]!.downloadURL).toMatch(new RegExp(`^${site}/fichiers/${p.files[0]!.id}/`));
  });

  it('leaves out what is not public by the instant: a table before its first version, a publication before its time', async () => {
    const table = sources.tables[0]!;
    const before = await catalogueSources(database.db, new Date(table.span.first.getTime() - 1));
    expect(before.tables.map((t) => t.code)).not.toContain(table.code);
    const at = await catalogueSources(database.db, table.span.first);
    expect(at.tables.map((t) => t.code)).toContain(table.code);
    const publication = sources.publications[0]!;
    const earlier = await catalogueSources(database.db, new Date(publication.publishedAt.getTime() - 1));
    expect(earlier.publications.map((p) => p.id)).not.toContain(publication.id);
  });

  it('pages with Hydra: each page names the first, last, next and previous pages, and holds at most PAGE_SIZE datasets', () => {
    // Enough datasets for three pages: the catalogue's own datasets, repeated under other addresses.
    const many = {
      ...catalogue,
      datasets: Array.from({ length: 2 * PAGE_SIZE + 1 }, (_, i) => ({
        ...catalogue.datasets[i % catalogue.datasets.length]!,
        iri: `${site}/catalogue#d${i}`,
      })),
    };
    expect(pageCount(many)).toBe(3);
    const objects = (n: number, predicate: string) =>
      catalogueGraph(many, n, pageUrl)!
        .triples.filter((t) => t.subject.value === pageUrl(n) && t.predicate.value === predicate)
        .map((t) => t.object.value);
    expect(objects(1, `${hydra}next`)).toEqual([pageUrl(2)]);
    expect(objects(1, `${hydra}previous`)).toEqual([]);
    expect(objects(2, `${hydra}previous`)).toEqual([pageUrl(1)]);
    expect(objects(3, `${hydra}next`)).toEqual([]);
    expect(objects(3, `${hydra}last`)).toEqual([pageUrl(3)]);
    expect(objects(2, `${rdf}type`)).toEqual([`${hydra}PartialCollectionView`]);
    const datasetsOn = (n: number) =>
      catalogueGraph(many, n, pageUrl)!.triples.filter((t) => t.predicate.value === `${dcat}dataset`).length;
    expect([datasetsOn(1), datasetsOn(2), datasetsOn(3)]).toEqual([PAGE_SIZE, PAGE_SIZE, 1]);
    expect(catalogueGraph(many, 4, pageUrl)).toBeNull();
  });

  it('conforms to the DCAT-AP 3.0.0 SHACL shapes, and the shapes see a dataset without a title', async () => {
    const triples = catalogueGraph(catalogue, 1, pageUrl)!.triples;
    expect(await shaclViolations(toTurtle(triples))).toEqual([]);
    const untitled = triples.filter((t) => !(t.subject.value === catalogue.datasets[0]!.iri && t.predicate.value === `${dct}title`));
    const violations = await shaclViolations(toTurtle(untitled));
    expect(violations.length).toBe(1);
    expect(violations[0]).toContain(`${dct}title`);
  });

  it('reads as the same triples in Turtle, RDF/XML and JSON-LD (rapper; JSON-LD through jsonld to N-Quads)', async () => {
    const triples = catalogueGraph(catalogue, 1, pageUrl)!.triples;
    const turtle = rapperCount(serialize(triples, 'turtle'), 'turtle');
    const rdfxml = rapperCount(serialize(triples, 'rdfxml'), 'rdfxml');
    const nquads = rapperCount(await jsonLdToNQuads(serialize(triples, 'jsonld')), 'nquads');
    expect(turtle).toBe(triples.length);
    expect([rdfxml, nquads]).toEqual([turtle, turtle]);
    // The checksums are there, as spdx wants them.
    expect(triples.some((t) => t.predicate.value === `${spdx}checksumValue`)).toBe(true);
  });
});
