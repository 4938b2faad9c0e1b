/**
 * The text extraction queue (`file_texts`): every stored PDF, XLSX and CSV is queued by the
 * database when its row is written (migration 0007), so an upload never waits for its text.
 * `extractQueued` takes due jobs (`FOR UPDATE SKIP LOCKED`: several instances never read the same
 * file twice), reads each through `Extract` and records the text — the search index follows by
 * trigger — or the reason it has none. A failure is retried with a growing delay, up to
 * `MAX_ATTEMPTS`; a file too large is not read at all.
 */
import type { Readable } from 'node:stream';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { queryRows } from '@/lib/db/raw';
import { fileTexts } from '@/lib/db/schema';
import type { StorageDriver } from '@/lib/storage/types';
import { createExtractor, type Extract } from './extractor';

export const MAX_ATTEMPTS = 3;
/** Larger documents are not read (their text would exceed what the index keeps anyway). */
export const MAX_EXTRACT_BYTES = 50 * 1024 * 1024;
/** Below this many letters, a PDF is taken for a scan without a text layer. */
const MIN_TEXT = 20;

export type TextStatus = 'pending' | 'done' | 'empty' | 'failed';

type Job = { fileId: string; storageKey: string; mime: string; size: number; attempts: number };

async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * Claims up to `limit` due jobs for two minutes (a crashed worker's claim expires). Due is judged
 * by the database's clock unless `now` is given (tests): a queued row's time is the database's
 * `now()`, in microseconds, and this process's clock, in milliseconds and on another host, can be
 * just behind it.
 */
async function claim(db: Db, limit: number, now?: Date): Promise<Job[]> {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const rows = await queryRows<{ file_id: string; storage_key: string; mime: string; size: string | number; attempts: number }>(
    db,
    sql`
    with due as (
      select t.file_id from file_texts t
      where t.status = 'pending' and t.next_attempt_at <= ${at}
        and (t.locked_until is null or t.locked_until < ${at})
      order by t.next_attempt_at
      limit ${limit}
      for update skip locked
    )
    update file_texts t set locked_until = ${at} + interval '2 minutes', attempts = t.attempts + 1
    from due, files f
    where t.file_id = due.file_id and f.id = t.file_id
    returning t.file_id, f.storage_key, f.mime, f.size, t.attempts`,
  );
  return rows.map((r) => ({
    fileId: r.file_id,
    storageKey: r.storage_key,
    mime: r.mime,
    size: Number(r.size),
    attempts: r.attempts,
  }));
}

async function record(
  db: Db,
  fileId: string,
  values: { status: TextStatus; text?: string; pages?: number | null; error?: string | null; retryAt?: Date },
) {
  await db
    .update(fileTexts)
    .set({
      status: values.status,
      text: values.text ?? '',
      pages: values.pages ?? null,
      error: values.error ?? null,
      nextAttemptAt: values.retryAt ?? new Date(),
      lockedUntil: null,
      updatedAt: new Date(),
    })
    .where(eq(fileTexts.fileId, fileId));
}

export type ExtractionRun = { done: number; empty: number; failed: number; retried: number };

/**
 * Reads the text of up to `limit` queued files. Never throws for a bad document (it is recorded);
 * throws only when the database itself fails.
 */
export async function extractQueued(
  db: Db,
  storage: StorageDriver,
  extract: Extract,
  options: { limit?: number; now?: Date } = {},
): Promise<ExtractionRun> {
  const run: ExtractionRun = { done: 0, empty: 0, failed: 0, retried: 0 };
  const jobs = await claim(db, options.limit ?? 20, options.now);
  for (const job of jobs) {
    if (job.size > MAX_EXTRACT_BYTES) {
      await record(db, job.fileId, {
        status: 'failed',
        error: `Fichier trop volumineux pour en lire le texte (plus de ${MAX_EXTRACT_BYTES / 1024 / 1024} Mo).`,
      });
      run.failed++;
      continue;
    }
    try {
      const data = await readAll(await storage.get(job.storageKey));
      const { text, pages } = await extract(data, job.mime);
      const letters = text.replace(/[^\p{L}]/gu, '').length;
      if (letters < MIN_TEXT) {
        await record(db, job.fileId, { status: 'empty', pages });
        run.empty++;
      } else {
        await record(db, job.fileId, { status: 'done', text, pages });
        run.done++;
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (job.attempts >= MAX_ATTEMPTS) {
        await record(db, job.fileId, { status: 'failed', error: message });
        run.failed++;
      } else {
        // 1 min, then 4 min, then 9 min…
        await record(db, job.fileId, { status: 'pending', error: message, retryAt: new Date(Date.now() + job.attempts ** 2 * 60_000) });
        run.retried++;
      }
    }
  }
  return run;
}

/** Runs `extractQueued` until the queue has nothing due (the seed, the benchmark). */
export async function extractAll(db: Db, storage: StorageDriver, extract: Extract): Promise<ExtractionRun> {
  const total: ExtractionRun = { done: 0, empty: 0, failed: 0, retried: 0 };
  for (;;) {
    const run = await extractQueued(db, storage, extract, { limit: 50 });
    for (const k of Object.keys(total) as (keyof ExtractionRun)[]) total[k] += run[k];
    if (run.done + run.empty + run.failed + run.retried === 0) return total;
  }
}

export type FileText = { status: TextStatus; pages: number | null; error: string | null };

/** What the library shows of each file's text (files that are not documents have none). */
export async function fileTextsOf(db: Db, ids: string[]): Promise<Map<string, FileText>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ fileId: fileTexts.fileId, status: fileTexts.status, pages: fileTexts.pages, error: fileTexts.error })
    .from(fileTexts)
    .where(inArray(fileTexts.fileId, ids));
  return new Map(rows.map((r) => [r.fileId, { status: r.status as TextStatus, pages: r.pages, error: r.error }]));
}

/**
 * Reads every queued file now, in a child process of its own (the seed and `npm start` before
 * the server opens, so the demo's documents are searchable from the first request).
 */
export async function extractQueuedNow(db: Db, storage: StorageDriver, log: (m: string) => void = () => {}): Promise<ExtractionRun> {
  const extract = createExtractor();
  try {
    const run = await extractAll(db, storage, extract);
    if (run.done + run.empty + run.failed > 0)
      log(`Texte des documents pour la recherche : ${run.done} lus, ${run.empty} sans texte, ${run.failed} illisibles.`);
    return run;
  } finally {
    extract.close();
  }
}
