/**
 * Text extraction in the background of this process: `queueExtraction()` after an upload (it
 * returns at once — the upload never waits for its text), and a timer the production server
 * starts for retries and for files queued by other instances. One run at a time per process;
 * several instances share the queue safely (`extractQueued` claims with SKIP LOCKED).
 * `SEARCH_EXTRACTION=off` turns it off (files stay `pending`, the search ignores their text).
 */
import { getDb } from '@/lib/db/instance';
import type { Db } from '@/lib/db/open';
import { env } from '@/lib/env';
import { clearPageCache } from '@/lib/http/page-cache';
import { getStorage, type StorageDriver } from '@/lib/storage';
import { createExtractor, type Extract } from './extractor';
import { extractQueued } from './extraction';

type Runner = { extract: Extract; running: Promise<void> | null; again: boolean };
const g = globalThis as typeof globalThis & { __insstatExtraction?: Runner };

function runner(): Runner {
  g.__insstatExtraction ??= { extract: createExtractor(), running: null, again: false };
  return g.__insstatExtraction;
}

/** Replaces the extractor of this process (tests: one that fails, hangs or never answers). */
export function useExtractor(extract: Extract): void {
  runner().extract = extract;
}

/** Drains the due jobs of the queue, in the background; a call during a run makes it go round once more. */
export function queueExtraction(options: { db?: () => Promise<Db>; storage?: () => StorageDriver } = {}): Promise<void> {
  if (!env.SEARCH_EXTRACTION) return Promise.resolve();
  const r = runner();
  if (r.running) {
    r.again = true;
    return r.running;
  }
  r.running = new Promise<void>((resolve) => setImmediate(resolve))
    .then(async () => {
      const db = await (options.db ?? getDb)();
      const storage = (options.storage ?? getStorage)();
      do {
        r.again = false;
        const run = await extractQueued(db, storage, r.extract, { limit: 10 });
        // A document's text is now searchable: search pages replayed by the front cache are out of date.
        if (run.done > 0) clearPageCache();
        if (run.done + run.empty + run.failed + run.retried === 10) r.again = true;
      } while (r.again);
    })
    .catch((error: unknown) => console.error('Extraction du texte des documents : échec, nouvel essai plus tard.', error))
    .finally(() => {
      r.running = null;
    });
  return r.running;
}

/** Runs `queueExtraction` every `intervalMs` (retries, files of other instances); the timer does not keep the process alive. */
export function startExtractionTimer(intervalMs = 60_000): () => void {
  const timer = setInterval(() => void queueExtraction(), intervalMs);
  timer.unref?.();
  void queueExtraction();
  return () => clearInterval(timer);
}
