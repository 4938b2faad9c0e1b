/**
 * Reads the text of a document (PDF, XLSX, CSV) in a child process (`extract-worker.mjs`), bounded
 * in time, memory and pages: a document that hangs the parser or exhausts its memory costs a
 * killed child, never the server. One child at a time, started on the first job and replaced
 * after a timeout or a crash; it does not keep the server process alive.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export type ExtractedText = { text: string; pages: number | null };

/** Reads a document's text; rejects with a French message on a failure or a timeout. */
export type Extract = (data: Uint8Array, mime: string) => Promise<ExtractedText>;

export type ExtractorOptions = {
  /** A document taking longer is abandoned (its child killed). 30 s by default. */
  timeoutMs?: number;
  /** Heap of the child, in MB. 384 by default. */
  maxHeapMb?: number;
  /** Pages of a PDF read at most. 500 by default. */
  maxPages?: number;
  /** Characters kept at most. 200,000 by default. */
  maxChars?: number;
  /** The child's script (tests give one that hangs). */
  script?: string;
};

export const extractableTypes: readonly string[] = [
  'application/pdf',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

type Reply = { id: number; ok: true; text: string; pages: number | null } | { id: number; ok: false; error: string };

export function createExtractor(options: ExtractorOptions = {}): Extract & { close(): void } {
  const { timeoutMs = 30_000, maxHeapMb = 384, maxPages = 500, maxChars = 200_000 } = options;
  const script = options.script ?? path.join(/*turbopackIgnore: true*/ process.cwd(), 'lib/search/extract-worker.mjs');
  let child: ChildProcess | null = null;
  let nextId = 1;
  // One job at a time: a queue of promises.
  let queue: Promise<unknown> = Promise.resolve();

  const start = (): ChildProcess => {
    const c = fork(/*turbopackIgnore: true*/ script, [], {
      execArgv: [`--max-old-space-size=${maxHeapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    c.stderr?.resume();
    c.unref();
    c.channel?.unref();
    c.on('exit', () => {
      if (child === c) child = null;
    });
    return c;
  };

  const run = (data: Uint8Array, mime: string): Promise<ExtractedText> =>
    new Promise((resolve, reject) => {
      const c = (child ??= start());
      const id = nextId++;
      let settled = false;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        c.off('message', onMessage);
        c.off('exit', onExit);
        fn();
      };
      const onMessage = (reply: Reply) => {
        if (reply.id !== id) return;
        finish(() =>
          reply.ok ? resolve({ text: reply.text, pages: reply.pages }) : reject(new Error(`Document illisible : ${reply.error}`)),
        );
      };
      const onExit = (code: number | null, signal: string | null) =>
        finish(() =>
          reject(new Error(`Lecture interrompue (processus arrêté : ${signal ?? code}) — mémoire dépassée ou document défectueux.`)),
        );
      const timer = setTimeout(() => {
        finish(() => reject(new Error(`Lecture abandonnée après ${Math.round(timeoutMs / 1000)} s.`)));
        c.kill('SIGKILL');
        if (child === c) child = null;
      }, timeoutMs);
      c.on('message', onMessage);
      c.on('exit', onExit);
      c.send({ id, mime, data, maxPages, maxChars });
    });

  const extract = (data: Uint8Array, mime: string): Promise<ExtractedText> => {
    const result = queue.then(() => run(data, mime));
    queue = result.catch(() => {});
    return result;
  };
  return Object.assign(extract, {
    close() {
      child?.kill('SIGKILL');
      child = null;
    },
  });
}
