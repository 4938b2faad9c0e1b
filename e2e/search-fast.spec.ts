/**
 * Distinct searches answered by the production server from its copy of the search page
 * (lib/search/fast-page.ts): the same document as Next's own render of the same address (a request
 * with a session cookie always goes to Next), in both languages, a hostile query escaped; and the
 * page hydrates as Next's does (the header's search box suggests, no error in the console).
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { COPY_HEADER, joinPayload, payloadRows } from '../lib/search/fast-page';

/** Letters only, unique to this run: every query is one nobody asked before. */
const stamp = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const href = (prefix: string, q: string) => `${prefix}/recherche?${new URLSearchParams({ q })}`;

/** The raw document: Playwright's request context would decompress, we want to see what was sent. */
async function raw(request: APIRequestContext, url: string, headers: Record<string, string> = {}) {
  const response = await request.get(url, { headers: { 'accept-encoding': 'identity', ...headers } });
  expect(response.status(), url).toBe(200);
  return { headers: response.headers(), html: (await response.body()).toString('utf8') };
}

/**
 * Whether the copy's document is Next's: the same HTML around the payload, and the same payload rows
 * (their order may differ: Next writes a row when its part resolves, which depends on timing), but
 * the random keys Next gives the metadata's boundaries in each render.
 */
function sameDocument(copy: string, next: string): boolean {
  const a = joinPayload(copy);
  const b = joinPayload(next);
  if (!a || !b || a.before !== b.before || a.after !== b.after) return false;
  const key = /"\$L[0-9a-f]+","([A-Za-z0-9_-]{16,40})v"/;
  // Rows whole: a text row is length-prefixed and runs on into the next one, so cutting at newlines
  // would glue it to whichever row Next wrote after it.
  const rows = (flight: string) => {
    const k = key.exec(flight)?.[1];
    return (payloadRows(flight) ?? [flight]).map((row) => (k ? row.replaceAll(k, 'KEY') : row)).sort();
  };
  return JSON.stringify(rows(a.flight)) === JSON.stringify(rows(b.flight));
}

/** Whether the copy answered (its header: Next may write its payload in one script too, as it often does on Postgres). */
async function isCopy(request: APIRequestContext, prefix: string) {
  const { headers } = await raw(request, href(prefix, `${stamp()} prix`));
  return headers[COPY_HEADER] === '1';
}

/** The answer for `q` once the copy answers (the first distinct searches go to Next: one gives the copy, one checks it). */
async function fastAnswer(request: APIRequestContext, prefix: string, q: string) {
  await expect.poll(() => isCopy(request, prefix), { timeout: 30_000 }).toBe(true);
  return raw(request, href(prefix, q));
}

for (const prefix of ['', '/en']) {
  test(`recherche distincte ${prefix || '/'} : la copie donne la page de Next, en-têtes compris`, async ({ request }) => {
    for (const q of [`${stamp()} indice des prix`, `<script>alert("x")</script> & 'prix' ${stamp()}`]) {
      const fast = await fastAnswer(request, prefix, q);
      expect(fast.headers[COPY_HEADER], 'from the copy').toBe('1');
      expect(fast.html.split('self.__next_f.push([1,').length, 'payload joined: from the copy').toBe(2);
      // Next's own render of the same address (a session goes to Next; gzip: another entry of the page cache).
      const response = await request.get(href(prefix, q), { headers: { cookie: 'insstat_session=x', 'accept-encoding': 'gzip' } });
      const next = (await response.body()).toString('utf8');
      expect(response.headers()[COPY_HEADER], 'from Next').toBeUndefined();
      expect(sameDocument(fast.html, next)).toBe(true);
      for (const name of ['content-type', 'cache-control', 'vary', 'content-security-policy', 'x-content-type-options'])
        expect(fast.headers[name], name).toBe(response.headers()[name]);
      expect(fast.headers['x-page-cache']).toBeUndefined();
      expect(fast.html).not.toContain('<script>alert');
    }
    // The same address again: the page cache's copy of the copy's answer (without the copy's header).
    // Other specs write meanwhile, and a write empties the page cache (CI saw it between the two
    // requests): a new query then, until one pair had no write between them.
    await expect
      .poll(
        async () => {
          const q = `${stamp()} indice des prix`;
          const fast = await fastAnswer(request, prefix, q);
          const again = await raw(request, href(prefix, q));
          return `copie ${fast.headers[COPY_HEADER]} ; de nouveau : ${again.headers['x-page-cache']}, copie ${again.headers[COPY_HEADER]}`;
        },
        { timeout: 30_000, intervals: [0] },
      )
      .toBe('copie 1 ; de nouveau : HIT, copie undefined');
  });
}

test('recherche distincte : la page de la copie s’hydrate comme celle de Next', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  const q = `${stamp()} recensement`;
  await fastAnswer(request, '', q);
  await page.goto(href('', q));
  await expect(page.getByRole('searchbox', { name: 'Rechercher dans tout le site et ses documents' })).toHaveValue(q);
  await expect(page.getByRole('status')).toContainText('recensement');
  // The header's search box suggests (in its datalist) only once the page is hydrated.
  await page.getByRole('combobox', { name: 'Rechercher sur le site' }).fill('recensem');
  await expect(page.locator('header datalist option').first()).toBeAttached();
  expect(errors).toEqual([]);
});

test('recherche distincte : sans requête, trop courte, ou sans rien à montrer, la page est celle de Next', async ({ request }) => {
  await expect.poll(() => isCopy(request, ''), { timeout: 30_000 }).toBe(true);
  // No query (the prompt), one too short to check the copy with, and a block React writes inline
  // (nothing found, no word to suggest): Next renders them.
  for (const url of [
    `/recherche?q=&x=${stamp()}`,
    `/recherche?q=${stamp().slice(0, 2)}`,
    href('', `zqxj${stamp()}`),
    `/en/recherche?q=&x=${stamp()}`,
  ]) {
    const { headers } = await raw(request, url);
    expect(headers[COPY_HEADER], url).toBeUndefined();
  }
});
