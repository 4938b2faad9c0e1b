/**
 * The DCAT-AP 3 catalogue as a national portal's harvester reads it from the built site: every page
 * (Hydra's `hydra:next`) conforms to the DCAT-AP 3.0.0 SHACL shapes (rdf-validate-shacl, shapes
 * vendored in testing/dcat/shapes), Debian's `rapper` reads the same number of triples from its
 * Turtle, RDF/XML and JSON-LD (through npm jsonld to N-Quads), and every `dcat:downloadURL` but the
 * SDMX service's (another branch builds it) answers 200 with the media type the catalogue states.
 * `/catalogue` negotiates; a browser is sent to the open-data page. A table scheduled for a coming
 * minute is absent before it and present once the server's clock reaches it.
 */
import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { Parser, Store } from 'n3';
import { signIn } from './helpers/login';
import { moveClockTo, nextMinute } from './helpers/clock';
import { dataCatalogProblems, datasetProblems } from '../testing/dcat/schema-org';
import { jsonLdToNQuads, rapperCount, shaclViolations } from '../testing/dcat/validate';

const DCAT = 'http://www.w3.org/ns/dcat#';
const HYDRA = 'http://www.w3.org/ns/hydra/core#';
const DCT = 'http://purl.org/dc/terms/';
const SPDX = 'http://spdx.org/rdf/terms#';

const parse = (turtle: string) => new Store(new Parser({ format: 'text/turtle' }).parse(turtle));

/** Every page of the catalogue in Turtle, from `/catalogue.ttl` along `hydra:next`. */
async function cataloguePages(request: APIRequestContext): Promise<{ url: string; turtle: string }[]> {
  const pages: { url: string; turtle: string }[] = [];
  let url: string | undefined = '/catalogue.ttl';
  while (url && pages.length < 100) {
    const response: APIResponse = await request.get(url);
    expect(response.status(), url).toBe(200);
    const turtle: string = await response.text();
    pages.push({ url, turtle });
    const next: string | undefined = parse(turtle).getObjects(null, `${HYDRA}next`, null)[0]?.value;
    url = next ? new URL(next).pathname + new URL(next).search : undefined;
  }
  return pages;
}

/** The `dct:identifier`s of every dataset in the catalogue now. */
async function identifiers(request: APIRequestContext): Promise<string[]> {
  return (await cataloguePages(request)).flatMap(({ turtle }) => {
    const store = parse(turtle);
    return store
      .getSubjects(`http://www.w3.org/1999/02/22-rdf-syntax-ns#type`, `${DCAT}Dataset`, null)
      .flatMap((d) => store.getObjects(d, `${DCT}identifier`, null).map((o) => o.value));
  });
}

type Stated = { media: string; size?: number; sha256?: string };

/** What the catalogue's pages state of each `dcat:downloadURL`: its media type, and its size and SHA-256 where given. */
function statedDownloads(turtles: string[]): Map<string, Stated> {
  const stated = new Map<string, Stated>();
  for (const turtle of turtles) {
    const store = parse(turtle);
    for (const distribution of store.getSubjects(`${DCAT}downloadURL`, null, null)) {
      const media = store.getObjects(distribution, `${DCAT}mediaType`, null)[0]?.value ?? '';
      const size = store.getObjects(distribution, `${DCAT}byteSize`, null)[0]?.value;
      const sum = store.getObjects(distribution, `${SPDX}checksum`, null)[0];
      const sha256 = sum ? store.getObjects(sum, `${SPDX}checksumValue`, null)[0]?.value : undefined;
      for (const download of store.getObjects(distribution, `${DCAT}downloadURL`, null)) {
        stated.set(download.value, { media, ...(size === undefined ? {} : { size: Number(size) }), ...(sha256 ? { sha256 } : {}) });
      }
    }
  }
  return stated;
}

/** Requests ask from an address of their own: the API's per-address limit counts this spec's requests apart. */
const own = { 'X-Forwarded-For': '198.51.100.49' };

/** What is wrong with a download against what the catalogue states of it (null: nothing). */
async function downloadProblem(request: APIRequestContext, url: string, stated: Stated): Promise<string | null> {
  const iana = 'http://www.iana.org/assignments/media-types/';
  if (!stated.media.startsWith(iana)) return `${url} : dcat:mediaType ${stated.media} (une URI IANA attendue)`;
  const media = stated.media.slice(iana.length);
  const response = await request.get(url, { headers: own });
  const type = (response.headers()['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (response.status() !== 200 || type !== media) return `${url} : ${response.status()} ${type} (annoncé : ${media})`;
  if (stated.size === undefined && stated.sha256 === undefined) return null;
  const body = await response.body();
  const sha256 = createHash('sha256').update(body).digest('hex');
  if (stated.size !== undefined && stated.size !== body.byteLength) return `${url} : ${body.byteLength} octets (annoncé : ${stated.size})`;
  if (stated.sha256 !== undefined && stated.sha256 !== sha256) return `${url} : SHA-256 ${sha256} (annoncé : ${stated.sha256})`;
  return null;
}

/** The triples rapper reads from page `query` in the three serializations, fetched together. */
async function pageCounts(request: APIRequestContext, query: string) {
  const [turtle, rdfxml, jsonld] = await Promise.all(
    ['ttl', 'rdf', 'jsonld'].map((ext) => request.get(`/catalogue.${ext}${query}`).then((r) => r.text())),
  );
  return {
    turtle: rapperCount(turtle!, 'turtle'),
    rdfxml: rapperCount(rdfxml!, 'rdfxml'),
    jsonld: rapperCount(await jsonLdToNQuads(jsonld!), 'nquads'),
  };
}

test('le catalogue DCAT-AP : conforme aux formes SHACL 3.0.0, mêmes triplets en Turtle, RDF/XML et JSON-LD, chaque fichier répond avec son type, sa taille et son empreinte', async ({
  request,
}) => {
  test.setTimeout(240_000);
  const pages = await cataloguePages(request);
  expect(pages.length).toBeGreaterThanOrEqual(1);
  let datasets = 0;
  for (const { url, turtle } of pages) {
    expect(await shaclViolations(turtle), `${url} : violations DCAT-AP`).toEqual([]);
    datasets += parse(turtle).getSubjects('http://www.w3.org/1999/02/22-rdf-syntax-ns#type', `${DCAT}Dataset`, null).length;
    // The three files of one page are fetched together; other specs may publish between two
    // requests, so the counts are read again until the site holds still (a real difference never does).
    const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
    let counts = await pageCounts(request, query);
    await expect
      .poll(
        async () => {
          counts = await pageCounts(request, query);
          return [counts.rdfxml - counts.turtle, counts.jsonld - counts.turtle];
        },
        { message: `${url} : triplets en Turtle, RDF/XML et JSON-LD` },
      )
      .toEqual([0, 0]);
    console.log(`${url} : ${counts.turtle} triplets (Turtle), ${counts.rdfxml} (RDF/XML), ${counts.jsonld} (JSON-LD)`);
  }
  expect(datasets).toBeGreaterThanOrEqual(9);

  // Every file but the SDMX service's data: 200, the media type, size and SHA-256 stated.
  const stated = statedDownloads(pages.map((p) => p.turtle));
  const files = [...stated].filter(([url]) => !new URL(url).pathname.startsWith('/sdmx/rest/'));
  // The SDMX distributions (a table's flow, all of it, GenericData by default: XML, `application/xml` stated).
  const sdmx = [...stated].filter(([url]) => new URL(url).pathname.startsWith('/sdmx/rest/data/DF_'));
  expect(sdmx.length).toBeGreaterThanOrEqual(3);
  for (const [url] of sdmx.slice(0, 4)) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()['content-type'], url).toMatch(/^application\/(xml|[a-z.]+\+xml)\b/);
    expect(await response.text(), url).toContain('GenericData');
  }
  const withDigest = files.filter(([, s]) => s.sha256 !== undefined).length;
  expect(files.length).toBeGreaterThan(datasets);
  expect(withDigest).toBeGreaterThan(datasets);
  let failures: string[] = [];
  for (let i = 0; i < files.length; i += 8) {
    const batch = await Promise.all(files.slice(i, i + 8).map(([url, s]) => downloadProblem(request, url, s)));
    failures.push(...batch.filter((f) => f !== null));
  }
  if (failures.length > 0) {
    // Another spec may have withdrawn or revised a file meanwhile: what the catalogue states now decides.
    const now = statedDownloads((await cataloguePages(request)).map((p) => p.turtle));
    const again = await Promise.all(
      failures.map((f) => f.slice(0, f.indexOf(' : '))).map((url) => (now.has(url) ? downloadProblem(request, url, now.get(url)!) : null)),
    );
    failures = again.filter((f) => f !== null);
  }
  console.log(
    `${pages.length} page(s), ${datasets} jeux de données, ${files.length} fichiers vérifiés, dont ${withDigest} avec taille et SHA-256`,
  );
  expect(failures).toEqual([]);
});

test('/catalogue négocie son format ; un navigateur va à la page des données ouvertes ; en-têtes des réponses publiques', async ({
  request,
}) => {
  const asked = async (accept: string | undefined) => {
    const response = await request.get('/catalogue', { headers: accept ? { Accept: accept } : {}, maxRedirects: 0 });
    return { status: response.status(), type: response.headers()['content-type']?.split(';')[0], headers: response.headers() };
  };
  expect((await asked('text/turtle')).type).toBe('text/turtle');
  expect((await asked('application/ld+json')).type).toBe('application/ld+json');
  expect((await asked('application/rdf+xml;q=0.9, text/turtle;q=0.5')).type).toBe('application/rdf+xml');
  expect((await asked(undefined)).type).toBe('text/turtle');
  const browser = await asked('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8');
  expect(browser.status).toBe(303);
  expect(browser.headers.location).toMatch(/\/donnees#catalogue$/);
  expect((await asked('image/png')).status).toBe(406);

  const first = await request.get('/catalogue.ttl');
  expect(first.headers()['cache-control']).toMatch(/public/);
  expect(first.headers()['access-control-allow-origin']).toBe('*');
  const etag = first.headers().etag!;
  expect((await request.get('/catalogue.ttl', { headers: { 'If-None-Match': etag } })).status()).toBe(304);
  expect((await request.get('/catalogue.ttl?page=999')).status()).toBe(404);
  expect((await request.get('/catalogue.ttl?pages=2')).status()).toBe(400);
});

test('schema.org : DataCatalog sur la page des données ouvertes (français, anglais), Dataset sur chaque page de tableau', async ({
  request,
}) => {
  const markup = async (path: string) => {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
  };
  for (const path of ['/donnees', '/en/donnees']) {
    const catalog = (await markup(path)).find((j) => j['@type'] === 'DataCatalog');
    expect(catalog, `${path} : DataCatalog`).toBeDefined();
    expect(dataCatalogProblems(catalog!), path).toEqual([]);
  }
  const { tables } = (await (await request.get('/api/v1/tables')).json()) as { tables: { code: string }[] };
  expect(tables.length).toBeGreaterThanOrEqual(3);
  for (const { code } of tables) {
    const dataset = (await markup(`/donnees/tableaux/${code}`)).find((j) => j['@type'] === 'Dataset');
    expect(dataset, `${code} : Dataset`).toBeDefined();
    expect(datasetProblems(dataset!, code)).toEqual([]);
    expect(dataset!.identifier).toBe(code);
  }
});

test(
  'un tableau programmé pour une minute à venir est absent du catalogue avant, présent à sa minute',
  { tag: '@clock' },
  async ({ page, request }) => {
    test.setTimeout(180_000);
    const code = `CATALOGUE_${Date.now().toString(36).toUpperCase()}`;
    await signIn(page, '/admin/tableaux/nouveau');
    await page.getByLabel('Code').fill(code);
    await page.getByLabel('Titre en français').fill(`Prix du catalogue ${code}`);
    await page.getByLabel('Rubrique').selectOption('ipc');
    await page.getByRole('button', { name: 'Créer le tableau' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/tableaux/${code}$`));

    const csv = Buffer.from('GROUPE;periode;valeur\nALIM;2026-08;100\nALIM;2026-09;101\nLOGT;2026-08;90\nLOGT;2026-09;91\n');
    await page.getByLabel('Fichier PX, CSV ou XLSX').setInputFiles({ name: 'prix.csv', mimeType: 'text/csv', buffer: csv });
    await page.getByRole('button', { name: 'Lire le fichier et voir l’aperçu' }).click();
    await expect(page).toHaveURL(/\/admin\/tableaux\/import\/[0-9a-f-]{36}$/);
    const at = await nextMinute(request);
    await page.getByLabel('Programmer à une date et heure').check();
    await page.getByLabel('Date et heure de mise en ligne (UTC)').fill(at.toISOString().slice(0, 16));
    await page.getByLabel('Raison, affichée dans « Versions précédentes »').fill('Première version, sous embargo.');
    await page.getByRole('button', { name: 'Publier cette version' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/tableaux/${code}\\?publie=`));
    await expect(page.getByText(/^Version 1 programmée/)).toBeVisible();

    expect(await identifiers(request)).not.toContain(`table/${code}`);
    await moveClockTo(request, at);
    await expect.poll(() => identifiers(request)).toContain(`table/${code}`);
  },
);
