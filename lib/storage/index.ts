/**
 * The configured storage driver: `local` (default) writes under DATA_DIR/files, `s3` talks to any
 * S3-compatible service (STORAGE_DRIVER and S3_* in lib/env.ts).
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { dataDir, env, type Env } from '@/lib/env';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { StorageDriver } from './types';

export type { StorageDriver } from './types';

type StorageSettings = Pick<
  Env,
  'STORAGE_DRIVER' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>;

/** Builds the driver a configuration asks for (`localRoot` is where the local driver writes). */
export function createStorage(settings: StorageSettings, localRoot: string): StorageDriver {
  if (settings.STORAGE_DRIVER === 'local') return createLocalStorage(localRoot);
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = settings;
  // lib/env.ts already refuses to start without them; this keeps the types honest.
  if (!bucket || !accessKeyId || !secretAccessKey)
    throw new Error('STORAGE_DRIVER=s3 demande S3_BUCKET, S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY.');
  return createS3Storage({
    endpoint: settings.S3_ENDPOINT,
    region: settings.S3_REGION,
    bucket,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
  });
}

const globalForStorage = globalThis as typeof globalThis & { __insstatStorage?: StorageDriver };

/** The driver of this process, created once from the environment. */
export function getStorage(): StorageDriver {
  globalForStorage.__insstatStorage ??= createStorage(env, path.join(dataDir, 'files'));
  return globalForStorage.__insstatStorage;
}

/** A new storage key: `yyyy/mm/<uuid>.<ext>`, with the extension decided from the content. */
export function newStorageKey(ext: string, now = new Date()): string {
  const safeExt =
    ext
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 8) || 'bin';
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${now.getUTCFullYear()}/${month}/${randomUUID()}.${safeExt}`;
}
