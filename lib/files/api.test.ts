/**
 * The file routes (`POST/GET /api/files`, `PATCH/DELETE /api/files/{id}`, `GET /fichiers/{id}/{name}`)
 * called with real Requests, on a real database, against the `local` driver and a real S3 server
 * (s3rver): upload byte for byte, Range, refusals that leave nothing, restricted files, rename,
 * delete refused while used, download counting.
 */
import { createHash, randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const dirs = vi.hoisted(() => {
  const root = `${process.env.TMPDIR ?? '/tmp'}/insstat-files-api-${process.pid}-${Date.now()}`;
  // A 1 MB limit, so "over the limit" is cheap to send; read by lib/env.ts when the routes load.
  process.env.UPLOAD_MAX_MB = '1';
  process.env.DATA_DIR = root;
  return { root };
});

vi.mock('@/lib/ops/invalidate', () => ({ invalidateTags: vi.fn() }));

const { eq } = await import('drizzle-orm');
const filesRoute = await import('@/app/api/files/route');
const fileRoute = await import('@/app/api/files/[id]/route');
const downloadRoute = await import('@/app/fichiers/[id]/[name]/route');
const { createAccount, createEmbeddedAdapter, startSession } = await import('@/lib/auth/embedded');
const { files, news } = await import('@/lib/db/schema');
const { downloadCounter } = await import('./downloads');
const { createLocalStorage } = await import('@/lib/storage/local');
const { createS3Storage } = await import('@/lib/storage/s3');
const { startS3Server } = await import('@/testing/s3-server');
const { createTestDatabase, testDatabaseKinds } = await import('@/testing/db');
const { buildZip, contentTypes, XLSX_MAIN } = await import('@/testing/zip');
const { invalidateTags } = await import('@/lib/ops/invalidate');

type Globals = { __insstatAuth?: unknown; __insstatDb?: unknown; __insstatStorage?: unknown };
const g = globalThis as Globals;

const ORIGIN = 'http://localhost:3000';
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj <<>> endobj\n', 'latin1');
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length - 6)), Buffer.from('\n%%EOF')]);
}

function form(parts: { name: string; filename?: string; data: Buffer | string }[]): FormData {
  const f = new FormData();
  for (const p of parts) {
    if (p.filename === undefined) f.set(p.name, String(p.data));
    else f.set(p.name, new Blob([Buffer.isBuffer(p.data) ? new Uint8Array(p.data) : p.data]), p.filename);
  }
  return f;
}

/** A request as the browser's library page sends it. */
function req(url: string, init: { method?: string; token?: string; body?: BodyInit | null; headers?: Record<string, string> } = {}) {
  const headers = new Headers({ host: 'localhost:3000', origin: ORIGIN, ...init.headers });
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  return new Request(`${ORIGIN}${url}`, { method: init.method ?? 'GET', headers, body: init.body ?? null, duplex: 'half' } as RequestInit);
}

const upload = (token: string | undefined, parts: Parameters<typeof form>[0]) =>
  filesRoute.POST(req('/api/files', { method: 'POST', token, body: form(parts) }));

/** A multipart body that stops half way, as when an office's connection drops. */
function cutOffUpload(token: string, data: Buffer) {
  const boundary = '----coupure';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="annuaire.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(new Uint8Array(Buffer.concat([head, data.subarray(0, data.length / 2)])));
      } else controller.error(new Error('connexion perdue'));
    },
  });
  return filesRoute.POST(
    req('/api/files', { method: 'POST', token, body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }),
  );
}

/** GET (or HEAD) of a file's address (`/fichiers/{id}/{name}?…`), its segments decoded into params as Next does. */
function download(url: string, init: { token?: string; headers?: Record<string, string>; method?: 'GET' | 'HEAD' } = {}) {
  const [id, name] = new URL(url, ORIGIN).pathname.split('/').slice(2).map(decodeURIComponent);
  const route = init.method === 'HEAD' ? downloadRoute.HEAD : downloadRoute.GET;
  return route(req(url, init), { params: Promise.resolve({ id: id!, name: name! }) });
}

const params = (id: string) => ({ params: Promise.resolve({ id }) });

async function listStored(driver: string, storageRoot: string) {
  const found: string[] = [];
  async function walk(dir: string) {
    for (const entry of await fsp.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else found.push(full);
    }
  }
  await walk(storageRoot);
  await walk(path.join(dirs.root, 'tmp'));
  return found.filter((f) => !f.endsWith('.json') || driver === 'local');
}

const cases = testDatabaseKinds.flatMap((db) => (['local', 's3'] as const).map((driver) => [db, driver] as const));

describe.each(cases)('file routes (%s, %s driver)', (kind, driver) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let s3: Awaited<ReturnType<typeof startS3Server>> | null = null;
  let storageRoot: string;
  let token: string;

  beforeAll(async () => {
    // The random bytes uploaded here are no PDF worth reading: extraction fails at once.
    const { useExtractor } = await import('@/lib/search/background');
    useExtractor(() => Promise.reject(new Error('non lu dans ces tests')));
    database = await createTestDatabase(kind);
    if (driver === 's3') {
      s3 = await startS3Server();
      storageRoot = s3.directory;
      g.__insstatStorage = createS3Storage({ ...s3, forcePathStyle: true });
    } else {
      storageRoot = await fsp.mkdtemp(path.join(os.tmpdir(), 'insstat-local-'));
      g.__insstatStorage = createLocalStorage(storageRoot);
    }
    g.__insstatDb = Promise.resolve(database);
    g.__insstatAuth = Promise.resolve({
      db: database.db,
      adapter: createEmbeddedAdapter({ db: database.db, cookieName: 'insstat_session' }),
    });
    const me = await createAccount(database.db, { email: 'doc@inss.example', name: 'Documentaliste', password: 'une phrase de passe' });
    token = await startSession(database.db, me.id, { ip: null, userAgent: null });
  });
  afterAll(async () => {
    delete g.__insstatAuth;
    delete g.__insstatDb;
    delete g.__insstatStorage;
    await s3?.close();
    await database.close();
    // A refused upload's temporary file may still be closing: retry while the folder changes under rm.
    await fsp.rm(dirs.root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  });

  const rowCount = async () => (await database.db.select({ id: files.id }).from(files)).length;
  const storedNow = () => listStored(driver, storageRoot);

  it('refuses an upload without a session (401) and stores nothing', async () => {
    const before = await storedNow();
    const response = await upload(undefined, [{ name: 'file', filename: 'rapport.pdf', data: pdf(5000) }]);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toMatch(/connecté/);
    expect(await rowCount()).toBe(0);
    expect(await storedNow()).toEqual(before);
  });

  it('stores an upload byte for byte, serves it whole and by Range with the right headers, counts it', async () => {
    const data = pdf(900_000);
    const response = await upload(token, [{ name: 'file', filename: 'Annuaire statistique 2025.PDF', data }]);
    expect(response.status).toBe(201);
    const { file } = (await response.json()) as {
      file: { id: string; name: string; type: string; size: number; sha256: string; url: string };
    };
    expect(file).toMatchObject({ name: 'Annuaire statistique 2025.pdf', type: 'application/pdf', size: data.length, sha256: sha256(data) });
    expect(file.url).toBe(`/fichiers/${file.id}/${encodeURIComponent(file.name)}`);

    const whole = await download(file.url);
    expect(whole.status).toBe(200);
    expect(sha256(Buffer.from(await whole.arrayBuffer()))).toBe(sha256(data));
    expect(whole.headers.get('content-type')).toBe('application/pdf');
    expect(whole.headers.get('content-disposition')).toMatch(/^attachment; filename="Annuaire statistique 2025\.pdf"; filename\*=UTF-8''/);
    expect(whole.headers.get('etag')).toBe(`"${sha256(data)}"`);
    expect(whole.headers.get('last-modified')).toBeTruthy();
    expect(whole.headers.get('cache-control')).toMatch(/public/);
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');

    const part = await download(file.url, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${data.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(data.subarray(1000, 2000))).toBe(true);

    await downloadCounter().flush();
    const [row] = await database.db.select({ n: files.downloadCount }).from(files).where(eq(files.id, file.id));
    expect(row?.n).toBe(1); // the whole download; a range from byte 1000 is a resumption
  });

  it('answers a file at its own name only: any other name is a 301 to its address, with the query, not counted', async () => {
    const data = pdf(3000);
    const { file } = (await (await upload(token, [{ name: 'file', filename: 'Recensement général 2025.pdf', data }])).json()) as {
      file: { id: string; url: string };
    };
    expect(file.url).toBe(`/fichiers/${file.id}/Recensement%20g%C3%A9n%C3%A9ral%202025.pdf`);
    const other: [string, string][] = [
      ['backup.sql', ''],
      ['Recensement%20g%C3%A9n%C3%A9ral%202025.PDF', ''],
      ['x', '?v=2&lang=en'],
    ];
    for (const [name, query] of other) {
      for (const method of ['GET', 'HEAD'] as const) {
        const moved = await download(`/fichiers/${file.id}/${name}${query}`, { method });
        expect([moved.status, moved.headers.get('location'), await moved.text()], `${method} ${name}${query}`).toEqual([
          301,
          `${file.url}${query}`,
          '',
        ]);
      }
    }
    // At its own name, with a query or without (the query changes nothing, as before), the file itself.
    for (const query of ['', '?v=2']) {
      const own = await download(`${file.url}${query}`);
      expect(own.status).toBe(200);
      expect(sha256(Buffer.from(await own.arrayBuffer()))).toBe(sha256(data));
    }
    await downloadCounter().flush();
    const [row] = await database.db.select({ n: files.downloadCount }).from(files).where(eq(files.id, file.id));
    expect(row?.n).toBe(2); // the two downloads, not the redirects
  });

  const refusals: [string, () => Promise<Parameters<typeof form>[0]>, number, RegExp][] = [
    [
      'an HTML file named .pdf',
      async () => [{ name: 'file', filename: 'rapport.pdf', data: '<!doctype html><html><body><script>alert(1)</script></body></html>' }],
      400,
      /n'est pas un PDF/,
    ],
    [
      'an SVG with a script',
      async () => [
        {
          name: 'file',
          filename: 'logo.svg',
          data: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
        },
      ],
      400,
      /svg/i,
    ],
    [
      'a zip bomb renamed .xlsx',
      async () => [
        {
          name: 'file',
          filename: 'données.xlsx',
          data: await buildZip([
            { name: '[Content_Types].xml', data: contentTypes(XLSX_MAIN) },
            { name: 'xl/worksheets/sheet1.xml', data: { zeros: 64 * 1024 * 1024 } },
          ]),
        },
      ],
      400,
      /refusé par sécurité/,
    ],
    ['a 0-byte file', async () => [{ name: 'file', filename: 'vide.pdf', data: Buffer.alloc(0) }], 400, /vide/],
    [
      'a file over the limit',
      async () => [{ name: 'file', filename: 'gros.pdf', data: pdf(1024 * 1024 + 10) }],
      413,
      /taille maximale de 1 Mo/,
    ],
    ['a name with a path', async () => [{ name: 'file', filename: '../../etc/passwd', data: pdf(3000) }], 400, /chemin de dossier/],
    ['no file field', async () => [{ name: 'titre', data: 'Annuaire' }], 400, /champ « file »|Aucun fichier/],
  ];

  for (const [label, parts, status, message] of refusals) {
    it(`refuses ${label} (${status}, French message) and leaves nothing stored`, async () => {
      const rows = await rowCount();
      const before = await storedNow();
      const response = await upload(token, await parts());
      expect(response.status).toBe(status);
      expect(((await response.json()) as { error: string }).error).toMatch(message);
      expect(await rowCount()).toBe(rows);
      expect(await storedNow()).toEqual(before);
    });
  }

  it('refuses a name with CR/LF (400) and leaves nothing stored', async () => {
    // Browsers escape CR/LF in FormData names; a hand-made request sends them (RFC 5987 `filename*`).
    const boundary = '----brut';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; ` +
          `filename*=UTF-8''rapport%0D%0ASet-Cookie%3A%20x%3D1.pdf\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf(3000),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const rows = await rowCount();
    const before = await storedNow();
    const response = await filesRoute.POST(
      req('/api/files', {
        method: 'POST',
        token,
        body: new Uint8Array(body),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      }),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/caractères de contrôle/);
    expect(await rowCount()).toBe(rows);
    expect(await storedNow()).toEqual(before);
  });

  it('refuses an upload cut off half way (4xx) and leaves nothing stored', async () => {
    const rows = await rowCount();
    const before = await storedNow();
    const response = await cutOffUpload(token, pdf(600_000));
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await rowCount()).toBe(rows);
    expect(await storedNow()).toEqual(before);
  });

  it('serves a restricted file to connected users only', async () => {
    const data = pdf(4000);
    const response = await upload(token, [
      { name: 'restreint', data: 'true' },
      { name: 'file', filename: 'plan de sondage.pdf', data },
    ]);
    expect(response.status).toBe(201);
    const { file } = (await response.json()) as { file: { id: string; url: string } };
    expect((await download(file.url)).status).toBe(404);
    expect((await download(file.url, { headers: { cookie: 'insstat_session=faux' } })).status).toBe(404);
    const ok = await download(file.url, { token });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toMatch(/private/);
    expect(sha256(Buffer.from(await ok.arrayBuffer()))).toBe(sha256(data));
    // Nor its name: at another name, a visitor gets the same 404, a connected user the way to it.
    expect((await download(`/fichiers/${file.id}/plan.pdf`)).status).toBe(404);
    const moved = await download(`/fichiers/${file.id}/plan.pdf`, { token });
    expect([moved.status, moved.headers.get('location')]).toEqual([301, file.url]);
  });

  it('renames (extension kept, pages showing it refreshed), refuses deleting while used, deletes once free', async () => {
    const data = pdf(5000);
    const { file } = (await (await upload(token, [{ name: 'file', filename: 'note.pdf', data }])).json()) as {
      file: { id: string; url: string };
    };
    const rename = await fileRoute.PATCH(
      req(`/api/files/${file.id}`, {
        method: 'PATCH',
        token,
        body: JSON.stringify({ name: 'Note de conjoncture' }),
        headers: { 'content-type': 'application/json' },
      }),
      params(file.id),
    );
    expect(rename.status).toBe(200);
    expect(((await rename.json()) as { file: { name: string } }).file.name).toBe('Note de conjoncture.pdf');
    const badName = await fileRoute.PATCH(
      req(`/api/files/${file.id}`, {
        method: 'PATCH',
        token,
        body: JSON.stringify({ name: 'a/../b' }),
        headers: { 'content-type': 'application/json' },
      }),
      params(file.id),
    );
    expect(badName.status).toBe(400);

    const [item] = await database.db
      .insert(news)
      .values({ slug: 'note', title: 'La note paraît', coverFileId: file.id })
      .returning({ id: news.id });
    vi.mocked(invalidateTags).mockClear();
    const renamed = await fileRoute.PATCH(
      req(`/api/files/${file.id}`, {
        method: 'PATCH',
        token,
        body: JSON.stringify({ name: 'Note trimestrielle' }),
        headers: { 'content-type': 'application/json' },
      }),
      params(file.id),
    );
    expect(vi.mocked(invalidateTags).mock.calls[0]?.[0]).toEqual(expect.arrayContaining([`news:${item!.id}`]));
    const { url } = ((await renamed.json()) as { file: { url: string } }).file;
    expect(url).toBe(`/fichiers/${file.id}/Note%20trimestrielle.pdf`);

    const refused = await fileRoute.DELETE(req(`/api/files/${file.id}`, { method: 'DELETE', token }), params(file.id));
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toMatch(/Actualité : « La note paraît »/);
    // A document only a draft uses is not served to visitors (an embargo by direct URL), only to connected users.
    expect((await download(url)).status).toBe(404);
    expect((await download(url, { token })).status).toBe(200);
    await database.db
      .update(news)
      .set({ status: 'published', publishedAt: new Date(Date.now() - 60_000) })
      .where(eq(news.id, item!.id));
    expect((await download(url)).status).toBe(200);
    // The address it was uploaded at leads to its new one.
    const old = await download(file.url);
    expect([old.status, old.headers.get('location')]).toEqual([301, url]);

    await database.db.update(news).set({ coverFileId: null }).where(eq(news.id, item!.id));
    const deleted = await fileRoute.DELETE(req(`/api/files/${file.id}`, { method: 'DELETE', token }), params(file.id));
    expect(deleted.status).toBe(200);
    expect((await download(url)).status).toBe(404);
    expect(await storedNow()).not.toContainEqual(expect.stringContaining(file.id));
  });

  it('lists the library with search, type filter, uploader, uses and counts; refuses a visitor', async () => {
    expect((await filesRoute.GET(req('/api/files'))).status).toBe(401);
    const list = await filesRoute.GET(req('/api/files?q=annuaire&type=pdf', { token }));
    expect(list.status).toBe(200);
    const body = (await list.json()) as {
      total: number;
      files: { name: string; uploadedBy: string; downloadCount: number; uses: unknown[] }[];
    };
    expect(body.files.map((f) => f.name)).toContain('Annuaire statistique 2025.pdf');
    expect(body.files.every((f) => /annuaire/i.test(f.name))).toBe(true);
    expect(body.files[0]).toMatchObject({ uploadedBy: 'Documentaliste', uses: [] });
    const none = (await (await filesRoute.GET(req('/api/files?q=annuaire&type=png', { token }))).json()) as { total: number };
    expect(none.total).toBe(0);
  });

  it('answers an upload without waiting for its text: a PDF whose extraction hangs, then fails, is uploaded and listed', async () => {
    const { queueExtraction, useExtractor } = await import('@/lib/search/background');
    let fail: (error: Error) => void = () => {};
    let calls = 0;
    useExtractor(() => {
      calls++;
      return new Promise((_, reject) => (fail = reject));
    });
    const res = await upload(token, [{ name: 'file', filename: 'extraction-bloquee.pdf', data: pdf(30_000) }]);
    // The upload is answered while the extraction it queued has not finished (it is blocked).
    expect(res.status).toBe(201);
    const { file } = (await res.json()) as { file: { id: string; url: string } };
    await vi.waitFor(() => expect(calls).toBe(1), { timeout: 20_000 });
    const listed = async () => {
      const list = (await (await filesRoute.GET(req('/api/files?q=extraction-bloquee', { token }))).json()) as {
        files: { id: string; text: { status: string; error: string | null } | null }[];
      };
      return list.files.find((f) => f.id === file.id);
    };
    expect((await listed())?.text?.status).toBe('pending');
    fail(new Error('analyse impossible'));
    await queueExtraction();
    // Failed once, to be retried later; still in the library, still downloadable.
    expect(await listed()).toMatchObject({ text: { status: 'pending', error: 'analyse impossible' } });
    expect((await download(file.url, { token })).status).toBe(200);
  });

  it('refuses a foreign Origin on upload (403)', async () => {
    const response = await filesRoute.POST(
      req('/api/files', {
        method: 'POST',
        token,
        body: form([{ name: 'file', filename: 'a.pdf', data: pdf(3000) }]),
        headers: { origin: 'https://ailleurs.example' },
      }),
    );
    expect(response.status).toBe(403);
  });
});
