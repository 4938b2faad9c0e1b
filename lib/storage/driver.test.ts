import { createHash, randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NotFoundError } from '@/lib/errors';
import { startS3Server, type TestS3Server } from '@/testing/s3-server';
import { createStorage, newStorageKey } from './index';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { StorageDriver } from './types';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** A stream that sends `bytes` then fails, like an upload cut off halfway. */
function failingStream(bytes: Buffer): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(bytes);
      } else {
        this.destroy(new Error('connexion coupée'));
      }
    },
  });
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

let tmp: string;
let s3: TestS3Server;
const drivers: Record<'local' | 's3', () => StorageDriver> = {
  local: () => createLocalStorage(path.join(tmp, 'files')),
  s3: () => createS3Storage({ ...s3, forcePathStyle: true }),
};

beforeAll(async () => {
  tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'insstat-storage-'));
  s3 = await startS3Server();
});

afterAll(async () => {
  await s3.close();
  await fsp.rm(tmp, { recursive: true, force: true });
});

describe.each(['local', 's3'] as const)('%s storage driver', (kind) => {
  let storage: StorageDriver;
  beforeAll(() => {
    storage = drivers[kind]();
  });

  it('stores a stream and reads it back whole', async () => {
    const key = newStorageKey('pdf');
    const data = randomBytes(5000);
    await storage.put(key, Readable.from(data), 'application/pdf');
    expect(await storage.size(key)).toBe(5000);
    expect((await readAll(await storage.get(key))).equals(data)).toBe(true);
  });

  it('reads exactly the bytes 1000–1999 of a range', async () => {
    const key = newStorageKey('pdf');
    const data = randomBytes(10_000);
    await storage.put(key, Readable.from(data), 'application/pdf');
    const part = await readAll(await storage.get(key, { start: 1000, end: 1999 }));
    expect(part.length).toBe(1000);
    expect(part.equals(data.subarray(1000, 2000))).toBe(true);
  });

  it('stores a 12 MB object (several multipart parts on S3) byte for byte', async () => {
    const key = newStorageKey('pdf');
    const data = randomBytes(12 * 1024 * 1024);
    // Chunks of 64 KiB, as a file or a network stream delivers them.
    await storage.put(
      key,
      Readable.from(
        (function* () {
          for (let i = 0; i < data.length; i += 65_536) yield data.subarray(i, i + 65_536);
        })(),
      ),
      'application/pdf',
    );
    expect(await storage.size(key)).toBe(data.length);
    expect(sha256(await readAll(await storage.get(key)))).toBe(sha256(data));
    const tail = await readAll(await storage.get(key, { start: data.length - 10, end: data.length - 1 }));
    expect(tail.equals(data.subarray(data.length - 10))).toBe(true);
  });

  it('stores a file of the local disk', async () => {
    const key = newStorageKey('csv');
    const source = path.join(tmp, `source-${kind}.csv`);
    await fsp.writeFile(source, 'a;b\n1;2\n');
    await storage.putFile(key, source, 'text/csv');
    expect((await readAll(await storage.get(key))).toString()).toBe('a;b\n1;2\n');
  });

  it('deletes an object, and deleting twice is harmless', async () => {
    const key = newStorageKey('pdf');
    await storage.put(key, Readable.from(Buffer.from('%PDF-')), 'application/pdf');
    await storage.delete(key);
    expect(await storage.size(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('reports a missing object: size null, get NotFoundError', async () => {
    const key = newStorageKey('pdf');
    expect(await storage.size(key)).toBeNull();
    await expect(storage.get(key)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('leaves nothing when the stream fails halfway', async () => {
    const key = newStorageKey('pdf');
    await expect(storage.put(key, failingStream(randomBytes(100_000)), 'application/pdf')).rejects.toThrow();
    expect(await storage.size(key)).toBeNull();
  });
});

describe('driver selection', () => {
  const none = { S3_ENDPOINT: undefined, S3_BUCKET: undefined, S3_ACCESS_KEY_ID: undefined, S3_SECRET_ACCESS_KEY: undefined };

  it('uses the local disk by default, under the given root', async () => {
    const root = path.join(tmp, 'selected');
    const storage = createStorage({ STORAGE_DRIVER: 'local', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false, ...none }, root);
    await storage.put('2026/01/x.csv', Readable.from(Buffer.from('a;b')), 'text/csv');
    expect(await fsp.readFile(path.join(root, '2026/01/x.csv'), 'utf8')).toBe('a;b');
  });

  it('talks to the configured S3 service', async () => {
    const storage = createStorage(
      {
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_REGION: s3.region,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        S3_FORCE_PATH_STYLE: true,
      },
      path.join(tmp, 'unused'),
    );
    const key = newStorageKey('csv');
    await storage.put(key, Readable.from(Buffer.from('x;y')), 'text/csv');
    expect((await readAll(await drivers.s3().get(key))).toString()).toBe('x;y');
    await expect(fsp.stat(path.join(tmp, 'unused'))).rejects.toThrow();
  });

  it('refuses to start with STORAGE_DRIVER=s3 and no bucket or keys', async () => {
    vi.resetModules();
    vi.stubEnv('STORAGE_DRIVER', 's3');
    vi.stubEnv('S3_BUCKET', '');
    try {
      await expect(import('@/lib/env')).rejects.toThrow(
        /S3_BUCKET : obligatoire quand STORAGE_DRIVER=s3[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
      );
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });
});
