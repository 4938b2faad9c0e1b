/**
 * Resized WebP variants of a stored image, for the `files.variants` column: a thumbnail for
 * lists, a card for grids, a full-width version for pages; never larger than the original.
 *
 * The original is copied once from storage to a temporary file (libvips then reads it from disk
 * instead of sharp buffering the whole stream), each variant streams from sharp back to storage.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp, { type OutputInfo } from 'sharp';
import type { files } from '@/lib/db/schema';
import type { StorageDriver } from '@/lib/storage/types';
import { fileLimits } from './detect';

/** One entry of `files.variants`. */
export type FileVariant = NonNullable<(typeof files.$inferSelect)['variants']>[string];

/** Widths in pixels of each variant (height follows the proportions). */
export const imageVariantWidths = { thumb: 320, card: 800, full: 1600 } as const;

export type ImageVariantName = keyof typeof imageVariantWidths;
export type ImageVariants = Record<ImageVariantName, FileVariant>;

/** `2026/05/<uuid>.jpg` → `2026/05/<uuid>-thumb.webp`: variants sit beside their original. */
export const variantKey = (sourceKey: string, variant: ImageVariantName) => `${sourceKey.replace(/\.[a-z0-9]+$/, '')}-${variant}.webp`;

/**
 * Creates the thumb, card and full WebP variants of the image stored under `sourceKey` and stores
 * them beside it. On failure, the variants already stored are deleted and the error is thrown.
 */
export async function createImageVariants(
  storage: StorageDriver,
  sourceKey: string,
  options: { tmpDir: string; quality?: number },
): Promise<ImageVariants> {
  await fsp.mkdir(options.tmpDir, { recursive: true });
  const tmpPath = path.join(options.tmpDir, `variant-${randomUUID()}.part`);
  const stored: string[] = [];
  try {
    await pipeline(await storage.get(sourceKey), fs.createWriteStream(tmpPath, { flags: 'wx', mode: 0o600 }));
    const variants: Partial<ImageVariants> = {};
    // One at a time: a single decoded image in memory, whatever the number of variants.
    for (const name of Object.keys(imageVariantWidths) as ImageVariantName[]) {
      const key = variantKey(sourceKey, name);
      let info: OutputInfo | undefined;
      let size = 0;
      const resize = sharp(tmpPath, { limitInputPixels: fileLimits.maxImagePixels })
        .autoOrient()
        .resize({ width: imageVariantWidths[name], withoutEnlargement: true })
        .webp({ quality: options.quality ?? 80 })
        .on('info', (output: OutputInfo) => (info = output));
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      stored.push(key);
      await Promise.all([pipeline(resize, meter), storage.put(key, meter, 'image/webp')]);
      if (!info) throw new Error(`sharp n'a pas donné la taille de la variante ${name} de ${sourceKey}`);
      variants[name] = { key, width: info.width, height: info.height, size, mime: 'image/webp' };
    }
    return variants as ImageVariants;
  } catch (error) {
    await Promise.allSettled(stored.map((key) => storage.delete(key)));
    throw error;
  } finally {
    await fsp.rm(tmpPath, { force: true });
  }
}
