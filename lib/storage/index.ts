/**
 * The configured storage driver. `local` (default) writes under DATA_DIR/files.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { dataDir } from '@/lib/env';
import { createLocalStorage } from './local';
import type { StorageDriver } from './types';

export type { StorageDriver } from './types';

const globalForStorage = globalThis as typeof globalThis & { __insstatStorage?: StorageDriver };

export function getStorage(): StorageDriver {
  globalForStorage.__insstatStorage ??= createLocalStorage(path.join(dataDir, 'files'));
  return globalForStorage.__insstatStorage;
}

/** A new storage key: `yyyy/mm/<uuid>.<ext>`, with the extension decided from the content. */
export function newStorageKey(ext: string, now = new Date()): string {
  const safeExt = ext.toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 8) || 'bin';
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${now.getUTCFullYear()}/${month}/${randomUUID()}.${safeExt}`;
}
