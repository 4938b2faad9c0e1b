/** The process's download counter (shared by every module instance Next loads), flushed on exit. */
import { getDb } from '@/lib/db/instance';
import { createDownloadCounter } from './download-counter';

const globalForCounter = globalThis as typeof globalThis & { __insstatDownloads?: ReturnType<typeof createDownloadCounter> };

export function downloadCounter() {
  if (!globalForCounter.__insstatDownloads) {
    const counter = createDownloadCounter(getDb);
    globalForCounter.__insstatDownloads = counter;
    process.once('beforeExit', () => void counter.flush());
  }
  return globalForCounter.__insstatDownloads;
}
