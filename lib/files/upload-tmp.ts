/**
 * Where uploads are written while they arrive, and the clean-up of those an interrupted
 * connection or a crash left behind. No `server-only`: the production server (scripts/) runs the
 * clean-up at start-up, outside Next.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { dataDir } from '@/lib/env';

/** The upload directory used when none is given. */
export const defaultUploadTmpDir = () => path.join(dataDir, 'tmp');

/**
 * Removes temporary upload files older than `maxAgeMs` (left by a crash or a kill during an
 * upload). The production server runs it at start-up.
 */
export async function removeStaleUploads(tmpDir = defaultUploadTmpDir(), maxAgeMs = 24 * 3600_000, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await fsp.readdir(tmpDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const entry of names) {
    if (!/^upload-[0-9a-f-]+\.part$/.test(entry)) continue;
    const file = path.join(tmpDir, entry);
    const stat = await fsp.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > maxAgeMs) {
      await fsp.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
