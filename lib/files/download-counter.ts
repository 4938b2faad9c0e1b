/**
 * Download counting that never slows a download: counts are kept in memory and added to the
 * database in one small write per file every few seconds (and when the process stops).
 * A download counts once: a full GET, or the first range of a resumed one (starting at byte 0).
 */
import type { Db } from '@/lib/db/open';
import { addDownloads } from './library';

const FLUSH_MS = 5_000;

export function createDownloadCounter(db: () => Promise<Db>, flushMs = FLUSH_MS) {
  let pending = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;

  async function flush() {
    timer = null;
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    try {
      await addDownloads(await db(), batch);
    } catch (error) {
      // Put them back for the next flush rather than lose them.
      for (const [id, n] of batch) pending.set(id, (pending.get(id) ?? 0) + n);
      console.error('Compteur de téléchargements non enregistré :', error);
    }
  }

  return {
    /** Counts the download a response represents, if it is one. */
    record(fileId: string, request: Request, response: Response) {
      if (request.method !== 'GET') return;
      const counts = response.status === 200 || (response.status === 206 && /^bytes 0-/.test(response.headers.get('content-range') ?? ''));
      if (!counts) return;
      pending.set(fileId, (pending.get(fileId) ?? 0) + 1);
      timer ??= setTimeout(() => void flush(), flushMs);
      timer.unref?.();
    },
    flush,
  };
}
