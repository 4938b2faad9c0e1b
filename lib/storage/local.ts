/**
 * Local-disk storage under DATA_DIR/files (never under public/). The default driver.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { StorageDriver } from './types';

const KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;

export function createLocalStorage(root: string): StorageDriver {
  const resolve = (key: string) => {
    // Keys come from the server, but a corrupted row must still never escape the root.
    if (!KEY.test(key) || key.includes('..')) throw new Error(`Clé de stockage invalide : ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const target = resolve(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.part-${process.pid}-${Date.now()}`;
      try {
        await pipeline(body, fs.createWriteStream(tmp, { flags: 'wx' }));
        await fsp.rename(tmp, target);
      } catch (error) {
        await fsp.rm(tmp, { force: true });
        throw error;
      }
    },
    async get(key, range) {
      return fs.createReadStream(resolve(key), range ? { start: range.start, end: range.end } : undefined);
    },
    async size(key) {
      try {
        return (await fsp.stat(resolve(key))).size;
      } catch {
        return null;
      }
    },
    async delete(key) {
      await fsp.rm(resolve(key), { force: true });
    },
  };
}
