/**
 * A real S3 server for tests (s3rver): listens on 127.0.0.1, on a free port, keeps its objects
 * in a temporary directory removed on `close()`. Tests talk to it with the real AWS SDK.
 */
import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> };
type S3rverClass = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

// s3rver ships CommonJS without type declarations.
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

export type TestS3Server = {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where s3rver keeps the objects (one directory per bucket). */
  directory: string;
  close(): Promise<void>;
};

/** Starts s3rver with one empty bucket. s3rver accepts only its fixed `S3RVER` key pair. */
export async function startS3Server(bucket = 'insstat-test'): Promise<TestS3Server> {
  const directory = await fsp.mkdtemp(path.join(os.tmpdir(), 'insstat-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    directory,
    async close() {
      await server.close();
      await fsp.rm(directory, { recursive: true, force: true });
    },
  };
}
