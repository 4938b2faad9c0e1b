/**
 * Local-disk storage under DATA_DIR/files (never under public/). The default driver.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { NotFoundError } from '@/lib/errors';
import { missingObjectMessage, type StorageDriver } from './types';

const KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;

const isCode = (error: unknown, code: string) => (error as NodeJS.ErrnoException | null)?.code === code;

export function createLocalStorage(root: string): StorageDriver {
  const resolve = (key: string) => {
    // Keys come from the server, but a corrupted row must still never escape the root.
    if (!KEY.test(key) || key.includes('..')) throw new Error(`Clé de stockage invalide : ${key}`);
    return path.join(root, key);
  };
  /** Writes through a temporary name then renames, so a reader never sees half an object. */
  const writeAtomically = async (key: string, write: (tmp: string) => Promise<void>) => {
    const target = resolve(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.part-${randomBytes(6).toString('hex')}`;
    try {
      await write(tmp);
      await fsp.rename(tmp, target);
    } catch (error) {
      await fsp.rm(tmp, { force: true });
      throw error;
    }
  };
  return {
    async put(key, body) {
      await writeAtomically(key, (tmp) => pipeline(body, fs.createWriteStream(tmp, { flags: 'wx' })));
    },
    async putFile(key, localPath) {
      await writeAtomically(key, async (tmp) => {
        try {
          // Same file system (uploads land in DATA_DIR/tmp): a rename, no copy of a 300 MB yearbook.
          await fsp.rename(localPath, tmp);
        } catch (error) {
          if (!isCode(error, 'EXDEV')) throw error;
          await fsp.copyFile(localPath, tmp, fs.constants.COPYFILE_EXCL);
        }
      });
    },
    async get(key, range) {
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(resolve(key), 'r');
      } catch (error) {
        if (isCode(error, 'ENOENT') || isCode(error, 'ENOTDIR')) throw new NotFoundError(missingObjectMessage);
        throw error;
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async size(key) {
      try {
        return (await fsp.stat(resolve(key))).size;
      } catch (error) {
        if (isCode(error, 'ENOENT') || isCode(error, 'ENOTDIR')) return null;
        throw error;
      }
    },
    async delete(key) {
      await fsp.rm(resolve(key), { force: true });
    },
  };
}
