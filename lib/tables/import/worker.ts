/**
 * The worker thread that reads a table file (lib/tables/import/thread.ts starts it): the bytes and
 * the reader's options come in `workerData`, the parsed table goes back in one message, its cell
 * arrays transferred rather than copied. Run from its source by tsx, in every mode (see thread.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseTableFile } from './index';
import type { TidyOptions } from './tidy';

const input = workerData as { bytes: Uint8Array; filename: string; options: TidyOptions };
const parsed = await parseTableFile({ bytes: input.bytes, filename: input.filename }, input.options);
const transfer = parsed.payload ? [parsed.payload.values.buffer, parsed.payload.statuses.buffer] : [];
parentPort!.postMessage(parsed, transfer as ArrayBuffer[]);
