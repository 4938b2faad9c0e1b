/**
 * The W3C Nu HTML Checker (vnu.jar, from the npm package vnu-jar) for the conformance gate: it
 * checks HTML's content models, which html-validate does not (a `dl` mixing `div` groups and bare
 * `dt`/`dd`, for one). A JVM costs more to start than a page to check, so pages are queued and
 * checked by batches: written to a temporary folder, one `java -jar vnu.jar` per batch of
 * `batchSize` pages, of those queued `maxWaitMs` after the first of them (a slow crawl), or of
 * those queued when `flush()` says no more are coming (a crawl's end); one batch at a time.
 * Identical bytes are checked once. Java is the machine's (scripts/ensure-java.sh).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { ValidationMessage } from './validator-pool';

/** The jar's path: vnu-jar's main module exports it. */
export const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));

/** The rule name the checker's messages carry in a report. */
export const nuRule = 'vnu';

type NuJson = {
  messages: {
    type: string;
    url?: string;
    message: string;
    firstLine?: number;
    lastLine?: number;
    firstColumn?: number;
    lastColumn?: number;
  }[];
};

type Queued = { html: string; resolve: (m: ValidationMessage[]) => void; reject: (e: Error) => void };

export type NuChecker = {
  /** The page's errors; resolved when its batch has been checked. The same bytes answer from the first check. */
  validate(html: string, name: string): Promise<ValidationMessage[]>;
  /** Checks the pages queued now without waiting for more (nothing more is coming for a while). */
  flush(): void;
  /** Pages given and not answered yet (queued or in the batch being checked). */
  backlog(): number;
  /** Pages checked and the JVMs started for them. */
  stats(): { checked: number; batches: number };
  close(): Promise<void>;
};

/** Runs vnu on these files; its JSON report (written to stderr) by file. */
function runVnu(java: string, files: string[]): Promise<Map<string, ValidationMessage[]>> {
  const args = ['-jar', vnuJar, '--format', 'json', '--errors-only', '--exit-zero-always', '--no-langdetect', ...files];
  return new Promise((resolve, reject) => {
    execFile(java, args, { maxBuffer: 256 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error) {
        const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
        reject(
          new Error(
            missing
              ? `Java introuvable (« ${java} ») : le validateur Nu en a besoin. Installez-le avec bash scripts/ensure-java.sh.`
              : `Le validateur Nu a échoué : ${stderr || error.message}`,
          ),
        );
        return;
      }
      let report: NuJson;
      try {
        report = JSON.parse(stderr) as NuJson;
      } catch {
        reject(new Error(`Le validateur Nu n'a pas rendu de JSON : ${stderr.slice(0, 500)}`));
        return;
      }
      const byFile = new Map<string, ValidationMessage[]>(files.map((f) => [f, []]));
      for (const m of report.messages) {
        if (m.type !== 'error' && m.type !== 'non-document-error') continue;
        const file = m.url ? decodeURIComponent(m.url.replace(/^file:(\/\/)?/, '')) : undefined;
        const list = file !== undefined ? byFile.get(file) : undefined;
        // A message about no file of the batch is about the run itself.
        if (!list) {
          reject(new Error(`Le validateur Nu a échoué : ${m.message}`));
          return;
        }
        list.push({ rule: nuRule, message: m.message, line: m.lastLine ?? m.firstLine ?? 0, column: m.firstColumn ?? m.lastColumn ?? 0 });
      }
      resolve(byFile);
    });
  });
}

export function createNuChecker({
  batchSize = 50,
  maxWaitMs = 30_000,
  java = 'java',
}: { batchSize?: number; maxWaitMs?: number; java?: string } = {}): NuChecker {
  const byHash = new Map<string, Promise<ValidationMessage[]>>();
  const folder = fs.mkdtemp(path.join(os.tmpdir(), 'insstat-vnu-'));
  let queued: Queued[] = [];
  let timer: NodeJS.Timeout | undefined;
  let chain: Promise<void> = Promise.resolve();
  let checked = 0;
  let answered = 0;
  let batches = 0;

  const check = async (batch: Queued[]) => {
    const n = batches++;
    const dir = await folder;
    const files = batch.map((_, i) => path.join(dir, `${n}-${i}.html`));
    try {
      await Promise.all(batch.map((q, i) => fs.writeFile(files[i]!, q.html)));
      const results = await runVnu(java, files);
      batch.forEach((q, i) => q.resolve(results.get(files[i]!) ?? []));
    } catch (error) {
      for (const q of batch) q.reject(error instanceof Error ? error : new Error(String(error)));
    } finally {
      answered += batch.length;
      await Promise.all(files.map((f) => fs.rm(f, { force: true })));
    }
  };

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = queued;
    queued = [];
    if (batch.length > 0) chain = chain.then(() => check(batch));
  };

  return {
    validate(html) {
      const hash = createHash('sha1').update(html).digest('hex');
      const known = byHash.get(hash);
      if (known) return known;
      checked++;
      const result = new Promise<ValidationMessage[]>((resolve, reject) => queued.push({ html, resolve, reject }));
      byHash.set(hash, result);
      if (queued.length >= batchSize) flush();
      else timer ??= setTimeout(flush, maxWaitMs);
      return result;
    },
    flush,
    backlog: () => checked - answered,
    stats: () => ({ checked, batches }),
    close: async () => {
      flush();
      await chain;
      await fs.rm(await folder, { recursive: true, force: true });
    },
  };
}
