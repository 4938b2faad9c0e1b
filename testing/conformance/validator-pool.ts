/**
 * html-validate in worker threads, for the conformance crawl: validating a page costs more CPU
 * than fetching it, so it runs beside the fetches instead of between them, on up to as many
 * threads as the machine has cores. Identical bytes are validated once (the same page reached by
 * two addresses, a list whose filters change nothing).
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { htmlValidateConfig } from './html-validate-config';

export type ValidationMessage = { rule: string; message: string; line: number; column: number };

type Reply = { id: number; messages?: ValidationMessage[]; error?: string };

export type ValidatorPool = {
  /** The page's errors (severity 2); the same bytes answer from the first validation. */
  validate(html: string, name: string): Promise<ValidationMessage[]>;
  /** Pages validated, and how many of them were identical to one already validated. */
  stats(): { validated: number; reused: number };
  close(): Promise<void>;
};

export function createValidatorPool(size = Math.max(1, Math.min(4, os.availableParallelism()))): ValidatorPool {
  const workers = Array.from(
    { length: size },
    () => new Worker(new URL('./validate-worker.mjs', import.meta.url), { workerData: { config: htmlValidateConfig } }),
  );
  const pending = new Map<number, { resolve: (m: ValidationMessage[]) => void; reject: (e: Error) => void }>();
  const load = workers.map(() => 0);
  const byHash = new Map<string, Promise<ValidationMessage[]>>();
  let nextId = 0;
  let validated = 0;
  let reused = 0;

  workers.forEach((worker, index) => {
    worker.on('message', ({ id, messages, error }: Reply) => {
      load[index]!--;
      const waiting = pending.get(id);
      pending.delete(id);
      if (!waiting) return;
      if (error !== undefined) waiting.reject(new Error(`html-validate : ${error}`));
      else waiting.resolve(messages ?? []);
    });
    worker.on('error', (error) => {
      for (const [, waiting] of pending) waiting.reject(error);
      pending.clear();
    });
  });

  const send = (html: string, name: string) =>
    new Promise<ValidationMessage[]>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      // The least busy thread: pages differ in size, a round robin would queue behind a big one.
      const index = load.indexOf(Math.min(...load));
      load[index]!++;
      workers[index]!.postMessage({ id, html, name });
    });

  return {
    validate(html, name) {
      // Line numbers name the page that was validated first; the same bytes give the same lines.
      const hash = createHash('sha1').update(html).digest('hex');
      const known = byHash.get(hash);
      if (known) {
        reused++;
        return known;
      }
      validated++;
      const result = send(html, name);
      byHash.set(hash, result);
      return result;
    },
    stats: () => ({ validated, reused }),
    close: async () => {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
