import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { files } from '@/lib/db/schema';
import { createLocalStorage } from '@/lib/storage/local';
import { createS3Storage } from '@/lib/storage/s3';
import type { StorageDriver } from '@/lib/storage/types';
import { startS3Server, type TestS3Server } from '@/lib/testing/s3-server';
import { createImageVariants } from './images';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().toBuffer();

let root: string;
let storeDir: string;
let tmpDir: string;
let storage: StorageDriver;
beforeEach(async () => {
  root = await fsp.mkdtemp(path.join(os.tmpdir(), 'insstat-images-'));
  storeDir = path.join(root, 'files');
  tmpDir = path.join(root, 'tmp');
  storage = createLocalStorage(storeDir);
});
afterEach(async () => {
  await fsp.rm(root, { recursive: true, force: true });
});

/** Stores `data` as the original and returns its key. */
async function original(data: Buffer, key = '2026/05/0b3c5a5e-1111-4222-8333-944455556666.jpg') {
  await storage.put(key, Readable.from(data), 'image/jpeg');
  return key;
}

describe('createImageVariants', () => {
  it('stores thumb, card and full WebP variants beside the original, in the shape of files.variants', async () => {
    const key = await original(await photo(2400, 1600));
    const variants = await createImageVariants(storage, key, { tmpDir });
    // Compile-time check: the result goes into the column as is.
    const column: (typeof files.$inferInsert)['variants'] = variants;
    expect(column).toBe(variants);

    expect(variants).toMatchObject({
      thumb: { key: '2026/05/0b3c5a5e-1111-4222-8333-944455556666-thumb.webp', width: 320, height: 213, mime: 'image/webp' },
      card: { key: '2026/05/0b3c5a5e-1111-4222-8333-944455556666-card.webp', width: 800, height: 533, mime: 'image/webp' },
      full: { key: '2026/05/0b3c5a5e-1111-4222-8333-944455556666-full.webp', width: 1600, height: 1067, mime: 'image/webp' },
    });
    for (const variant of Object.values(variants)) {
      const stored = await readAll(await storage.get(variant.key));
      expect(stored.length).toBe(variant.size);
      const meta = await sharp(stored).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', variant.width, variant.height]);
    }
    expect(await fsp.readdir(tmpDir)).toEqual([]);
  });

  it('never enlarges a small image', async () => {
    const variants = await createImageVariants(storage, await original(await photo(500, 300)), { tmpDir });
    expect([variants.thumb.width, variants.card.width, variants.full.width]).toEqual([320, 500, 500]);
    expect(variants.full.height).toBe(300);
  });

  it('turns a phone photo upright (EXIF orientation)', async () => {
    const rotated = await sharp(await photo(1200, 800)).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const variants = await createImageVariants(storage, await original(rotated), { tmpDir });
    expect([variants.thumb.width, variants.thumb.height]).toEqual([320, 480]);
  });

  it('leaves no variant and no temporary file when the original is not a readable image', async () => {
    const key = await original(Buffer.from('pas une image'));
    await expect(createImageVariants(storage, key, { tmpDir })).rejects.toThrow();
    const left = await fsp.readdir(path.join(storeDir, '2026/05'));
    expect(left).toEqual([path.basename(key)]);
    expect(await fsp.readdir(tmpDir)).toEqual([]);
  });
});

describe('createImageVariants on S3', () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3.close();
  });

  it('streams from the bucket to the bucket', async () => {
    const bucket = createS3Storage({ ...s3, forcePathStyle: true });
    const key = '2026/05/1b3c5a5e-1111-4222-8333-944455556666.jpg';
    await bucket.put(key, Readable.from(await photo(1000, 1000)), 'image/jpeg');
    const variants = await createImageVariants(bucket, key, { tmpDir });
    expect(await bucket.size(variants.card.key)).toBe(variants.card.size);
    expect([variants.card.width, variants.card.height]).toEqual([800, 800]);
  });
});
