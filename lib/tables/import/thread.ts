/**
 * Reading a table file off the server's main thread. A tidy CSV of a million cells takes seconds of
 * CPU to parse (PX about a second): in the main thread, every reader of the site would wait that long
 * (the event loop is blocked), so the parse runs in a `worker_threads` worker (./worker.ts) and the
 * main thread only waits for its one message.
 *
 * The worker is the source file run by tsx (a dependency: `npm start` serves with it too): a plain
 * JavaScript entry (./worker-entry.mjs) registers tsx in the worker's thread and imports ./worker.ts.
 * It is found from the project's directory, so it is the same file under `npm run dev`, `npm start`,
 * `next start`, Vitest and the scripts, whatever the bundler did with this module (`--import tsx` in
 * the worker's `execArgv` is not enough: under `next start` Node 20 ignored it for the worker). Where the sources
 * are not beside the server (a serverless bundle traces only what it imports), the worker cannot start:
 * the file is then read in this thread, as before, and the server says so once in its log.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { refused, type ParsedTable } from './result';
import type { TidyOptions } from './tidy';

/** The worker's source, from the directory the server runs in (the project's). */
// `turbopackIgnore`: a path the bundler cannot know would make it trace (and compile as possible
// workers) every file of the project, tests included.
export const workerFile = () => path.join(/*turbopackIgnore: true*/ process.cwd(), 'lib', 'tables', 'import', 'worker-entry.mjs');

/** What the reader says when the worker died while reading (out of memory, killed): nothing is kept. */
export const interruptedMessage =
  'La lecture du fichier a été interrompue : rien n’a été enregistré. Réessayez ; si cela se reproduit, découpez le fichier.';

let warned = false;

/**
 * Parses `input` in a worker thread; `inline` is the same parse in this thread, used when no worker
 * can start here. A worker that fails mid-read gives a file-level refusal, never an exception.
 */
export async function parseInWorker(
  input: { bytes: Uint8Array; filename: string },
  options: TidyOptions,
  inline: () => Promise<ParsedTable>,
  file = workerFile(),
): Promise<ParsedTable> {
  if (!fs.existsSync(/*turbopackIgnore: true*/ file)) {
    if (!warned) console.warn(`[tables] ${file} absent : les fichiers de tableaux sont lus dans le fil principal.`);
    warned = true;
    return inline();
  }
  // A copy of the bytes, transferred: the caller's view may share its buffer with other data.
  const bytes = input.bytes.slice();
  return new Promise<ParsedTable>((resolve) => {
    let settled = false;
    const settle = (result: ParsedTable) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const worker = new Worker(/*turbopackIgnore: true*/ file, {
      workerData: { bytes, filename: input.filename, options },
      transferList: [bytes.buffer as ArrayBuffer],
      // The entry registers tsx itself: the server's own flags (`--import tsx` or none) are not the worker's.
      execArgv: [],
    });
    worker.once('message', (parsed: ParsedTable) => {
      settle(parsed);
      void worker.terminate();
    });
    worker.once('error', (error) => {
      console.error('[tables] lecture du fichier interrompue', error);
      settle(refused(formatGuess(input.filename), interruptedMessage));
    });
    worker.once('exit', (code) => {
      if (!settled) console.error(`[tables] le fil de lecture s’est arrêté (code ${code}) sans réponse`);
      settle(refused(formatGuess(input.filename), interruptedMessage));
    });
  });
}

const formatGuess = (filename: string): ParsedTable['format'] =>
  /\.px$/i.test(filename) ? 'px' : /\.xlsx$/i.test(filename) ? 'xlsx' : 'csv-fr';
