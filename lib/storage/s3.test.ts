import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '@/testing/s3-server';
import { newStorageKey } from './index';
import { createS3Storage, type S3Storage } from './s3';

const MiB = 1024 * 1024;

/** Yields `total` bytes in 64 KiB chunks, then fails if asked to; records how far it was read. */
function source(total: number, failAfter?: number) {
  const state = { read: 0 };
  const stream = Readable.from(
    (async function* () {
      while (state.read < total) {
        if (failAfter !== undefined && state.read >= failAfter) throw new Error('connexion coupée');
        const chunk = randomBytes(Math.min(64 * 1024, total - state.read));
        state.read += chunk.length;
        yield chunk;
      }
    })(),
  );
  return { stream, state };
}

/** The S3 commands a storage sends, by name, in order. */
function recordCommands(storage: S3Storage): string[] {
  const names: string[] = [];
  storage.client.middlewareStack.add(
    (next, context) => async (args) => {
      names.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize' },
  );
  return names;
}

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
});

describe('S3 storage driver (against s3rver)', () => {
  it('uploads a large stream in bounded multipart parts', async () => {
    const storage = createS3Storage({ ...s3, forcePathStyle: true, partSize: 5 * MiB, queueSize: 1 });
    const commands = recordCommands(storage);
    const key = newStorageKey('pdf');
    await storage.put(key, source(12 * MiB).stream, 'application/pdf');
    expect(commands.filter((c) => c === 'UploadPartCommand')).toHaveLength(3);
    expect(commands).toContain('CompleteMultipartUploadCommand');
    expect(await storage.size(key)).toBe(12 * MiB);
  });

  it('never reads far ahead of what the server acknowledged', async () => {
    // queueSize 1 × partSize 5 MiB: the uploader holds about one part, whatever the object size.
    const storage = createS3Storage({ ...s3, forcePathStyle: true, partSize: 5 * MiB, queueSize: 1 });
    const { stream, state } = source(30 * MiB);
    let maxAhead = 0;
    let acknowledged = 0;
    storage.client.middlewareStack.add(
      (next, context) => async (args) => {
        maxAhead = Math.max(maxAhead, state.read - acknowledged);
        const output = await next(args);
        if (context.commandName === 'UploadPartCommand') acknowledged += 5 * MiB;
        return output;
      },
      { step: 'initialize' },
    );
    await storage.put(newStorageKey('pdf'), stream, 'application/pdf');
    expect(maxAhead).toBeLessThanOrEqual(11 * MiB);
  });

  it('keeps the content type given at upload', async () => {
    const storage = createS3Storage({ ...s3, forcePathStyle: true });
    const key = newStorageKey('xlsx');
    const mime = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    await storage.put(key, Readable.from(Buffer.from('PK')), mime);
    const head = await storage.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(head.ContentType).toBe(mime);
  });

  it('aborts the multipart upload and stores nothing when the stream fails after some parts', async () => {
    const storage = createS3Storage({ ...s3, forcePathStyle: true, partSize: 5 * MiB, queueSize: 1 });
    const commands = recordCommands(storage);
    const key = newStorageKey('pdf');
    await expect(storage.put(key, source(20 * MiB, 11 * MiB).stream, 'application/pdf')).rejects.toThrow();
    expect(commands).toContain('UploadPartCommand');
    expect(commands).toContain('AbortMultipartUploadCommand');
    expect(commands).not.toContain('CompleteMultipartUploadCommand');
    expect(await storage.size(key)).toBeNull();
  });

  it('fails loudly with wrong keys instead of reporting a missing object', async () => {
    const storage = createS3Storage({ ...s3, accessKeyId: 'INCONNU', forcePathStyle: true });
    await expect(storage.put(newStorageKey('pdf'), Readable.from(Buffer.from('x')), 'application/pdf')).rejects.toThrow();
    await expect(storage.size(newStorageKey('pdf'))).rejects.toThrow();
  });
});
