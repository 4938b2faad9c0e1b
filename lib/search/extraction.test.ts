/**
 * Text extraction, for real: PDFs made with pdfkit, read by the child process, through the queue
 * on real databases and the local storage driver. A scanned PDF is recorded as such; a broken one
 * is retried then given up, still in the library; a hanging parser is killed at its time limit and
 * the next document is read by a fresh child.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileTexts, files, publicationFiles, publications } from '@/lib/db/schema';
import { createLocalStorage } from '@/lib/storage/local';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { makePdf as pdf, scannedPdf } from '@/testing/pdf';
import { createExtractor } from './extractor';
import { extractQueued, MAX_ATTEMPTS } from './extraction';
import { search } from './query';

const extract = createExtractor({ timeoutMs: 15_000 });
afterAll(() => extract.close());

describe.each(testDatabaseKinds)('text extraction (%s)', (kind) => {
  let database: TestDatabase;
  let root: string;
  const storage = () => createLocalStorage(root);

  async function store(name: string, data: Buffer, mime = 'application/pdf') {
    const key = `t/${name}-${Date.now()}-${Math.random()}`;
    await storage().put(key, Readable.from(data), mime);
    const [file] = await database.db
      .insert(files)
      .values({ storageKey: key, name, originalName: name, mime, ext: name.split('.').pop()!, size: data.length, sha256: 'x' })
      .returning();
    return file!;
  }
  const textOf = async (id: string) => (await database.db.select().from(fileTexts).where(eq(fileTexts.fileId, id)))[0]!;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    root = await fsp.mkdtemp(path.join(os.tmpdir(), 'insstat-extract-'));
  });
  afterAll(async () => {
    await database?.close();
    await fsp.rm(root, { recursive: true, force: true });
  });

  it('reads a PDF and a CSV, and the search finds a sentence only they hold', async () => {
    const file = await store(
      'annuaire.pdf',
      await pdf((d) => {
        d.text('Chapitre 3');
        d.addPage().text('La production de sorgho a progressé de 12 % dans la région des Cascades.');
      }),
    );
    const csv = await store('donnees.csv', Buffer.from('région;valeur\nPlateau-Central;mil pénicillaire\n', 'utf8'), 'text/csv');
    const [pub] = await database.db
      .insert(publications)
      .values({ area: 'annuaire_statistique', slug: 'a', title: 'Annuaire', status: 'published', publishedAt: new Date('2026-01-01') })
      .returning();
    await database.db.insert(publicationFiles).values([
      { publicationId: pub!.id, fileId: file.id, position: 0 },
      { publicationId: pub!.id, fileId: csv.id, position: 1 },
    ]);
    expect((await textOf(file.id)).status).toBe('pending');

    const run = await extractQueued(database.db, storage(), extract);
    expect(run).toMatchObject({ done: 2, failed: 0 });
    expect(await textOf(file.id)).toMatchObject({ status: 'done', pages: 2 });
    const hits = await search(database.db, { q: 'sorgho Cascades', scope: 'public' });
    expect(hits.hits.map((h) => h.sourceId)).toEqual([String(pub!.id)]);
    expect(hits.hits[0]!.inDocument).toBe(true);
    expect((await search(database.db, { q: 'mil penicillaire', scope: 'public' })).total).toBe(1);
  });

  it('records a scanned PDF (no text layer) as such', async () => {
    const file = await store('scan.pdf', await scannedPdf());
    await extractQueued(database.db, storage(), extract);
    expect(await textOf(file.id)).toMatchObject({ status: 'empty', pages: 1 });
  });

  it('retries a broken PDF, then gives up, and the file stays in the library', async () => {
    const file = await store('casse.pdf', Buffer.from('%PDF-1.7\nthis is not a pdf at all\n%%EOF'));
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      // Later each time: past the backoff of the previous failure.
      await extractQueued(database.db, storage(), extract, { now: new Date(Date.now() + attempt * 3_600_000) });
    }
    const row = await textOf(file.id);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(row.error).toMatch(/illisible/i);
    expect(await database.db.select({ id: files.id }).from(files).where(eq(files.id, file.id))).toHaveLength(1);
  });

  it('kills a parser past its time limit, and reads the next document with a new one', async () => {
    const hanging = createExtractor({ timeoutMs: 500, script: path.resolve('testing/hanging-extract-worker.mjs') });
    const file = await store('lent.pdf', await pdf((d) => d.text('Un document ordinaire, avec assez de texte pour être lu.')));
    const started = Date.now();
    const run = await extractQueued(database.db, storage(), hanging);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(run.retried).toBe(1);
    expect((await textOf(file.id)).error).toMatch(/abandonnée après/);
    hanging.close();
    // The real extractor reads it at its next attempt.
    await extractQueued(database.db, storage(), extract, { now: new Date(Date.now() + 3_600_000) });
    expect((await textOf(file.id)).status).toBe('done');
  });
});
