// The S3-compatible store of the test suite's Postgres pass (scripts/test.sh): s3rver on a free
// port, with one empty bucket, until SIGTERM. Writes the environment that points the app at it to
// the file given as argument (`export NAME=value` lines, for `source`), once it listens.
import fs from 'node:fs';
import { startS3Server } from '../testing/s3-server';

const envFile = process.argv[2];
if (!envFile) {
  console.error('usage : tsx scripts/s3-test-server.ts <fichier d’environnement>');
  process.exit(2);
}
const s3 = await startS3Server('insstat-e2e');
const vars = {
  STORAGE_DRIVER: 's3',
  S3_ENDPOINT: s3.endpoint,
  S3_REGION: s3.region,
  S3_BUCKET: s3.bucket,
  S3_ACCESS_KEY_ID: s3.accessKeyId,
  S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  S3_FORCE_PATH_STYLE: 'true',
};
fs.writeFileSync(
  `${envFile}.tmp`,
  Object.entries(vars)
    .map(([k, v]) => `export ${k}=${v}\n`)
    .join(''),
);
fs.renameSync(`${envFile}.tmp`, envFile);
console.log(`Stockage S3 de test (s3rver) : ${s3.endpoint}, seau ${s3.bucket}.`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void s3.close().finally(() => process.exit(0));
  });
}
