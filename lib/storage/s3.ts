/**
 * S3-compatible object storage: AWS S3, Supabase Storage (its S3 endpoint), MinIO, Cloudflare R2.
 * Objects stream both ways: uploads go through multipart `Upload` with a bounded part size and
 * queue, reads stream the response body, so a 300 MB yearbook never sits in memory.
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { NotFoundError } from '@/lib/errors';
import { missingObjectMessage, type StorageDriver } from './types';

export type S3StorageOptions = {
  /** Endpoint of a non-AWS service (e.g. https://abcd.supabase.co/storage/v1/s3); absent for AWS. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO, Supabase). */
  forcePathStyle: boolean;
  /** Bytes per multipart part (S3's minimum is 5 MiB). */
  partSize?: number;
  /** Parts uploaded at once; memory held by one upload is at most `partSize × queueSize`. */
  queueSize?: number;
};

export type S3Storage = StorageDriver & { readonly client: S3Client; readonly bucket: string };

/** 8 MiB × 2 parts in flight: 16 MiB per upload at most; 10 000 parts allow objects up to 80 GB. */
const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
const DEFAULT_QUEUE_SIZE = 2;

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

export function createS3Storage(options: S3StorageOptions): S3Storage {
  const { bucket } = options;
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // The SDK's default CRC checksums (aws-chunked bodies with trailers) are not understood by
    // every S3-compatible service; we compute and keep our own SHA-256 of each file anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  const upload = async (key: string, body: Readable, contentType: string) => {
    const task = new Upload({
      client,
      params: { Bucket: bucket, Key: key, Body: body, ContentType: contentType },
      partSize: options.partSize ?? DEFAULT_PART_SIZE,
      queueSize: options.queueSize ?? DEFAULT_QUEUE_SIZE,
      // A failed multipart upload is aborted, so no orphan parts are billed or left behind.
      leavePartsOnError: false,
    });
    try {
      await task.done();
    } finally {
      body.destroy();
    }
  };

  return {
    client,
    bucket,
    put: upload,
    async putFile(key, localPath, contentType) {
      await upload(key, fs.createReadStream(localPath), contentType);
    },
    async get(key, range) {
      try {
        const output = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        if (!(output.Body instanceof Readable)) throw new Error(`Réponse S3 sans flux pour ${key}`);
        return output.Body;
      } catch (error) {
        if (isMissing(error)) throw new NotFoundError(missingObjectMessage);
        throw error;
      }
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers 204 for a missing key too: deleting is idempotent.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}
