// npm run backup [-- FILE.tar.gz | DIRECTORY] — writes one archive of the database (PGlite or
// Postgres) and of the stored files (local or S3), with a manifest of checksums, to BACKUP_DIR
// (`backups/` by default) or where asked. On PGlite stop the server first: one process per data
// directory. Restore it with `npm run restore -- FILE`.
import './load-env';
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseLockedError } from '@/lib/db/lock';
import { openDatabase } from '@/lib/db/open';
import { env } from '@/lib/env';
import { createBackup } from '@/lib/ops/backup';
import { getStorage } from '@/lib/storage';
import { fail, positionalArgs, reportFailure, shown } from './cli';

const usage = 'Usage : npm run backup [-- fichier.tar.gz | dossier]';

const positionals = positionalArgs(usage);
if (positionals.length > 1) fail(`un seul chemin attendu.\n${usage}`);

const now = new Date();
// 2026-05-01T020000Z: sorts by date, and no « : », which some file systems refuse.
const name = `insstat-sauvegarde-${now
  .toISOString()
  .replace(/\.\d+Z$/, 'Z')
  .replaceAll(':', '')}.tar.gz`;
const target = path.resolve(positionals[0] ?? env.BACKUP_DIR);
const output = target.endsWith('.tar.gz') ? target : path.join(target, name);
const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string };

const database = await openDatabase().catch((error: unknown) => {
  if (error instanceof DatabaseLockedError) fail(error.message);
  throw error;
});
try {
  const started = Date.now();
  const summary = await createBackup({
    db: database.db,
    kind: database.kind,
    storage: getStorage(),
    output,
    appVersion: version,
    now,
    log: (m) => console.log(m),
  });
  const mb = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(summary.bytes / 1e6);
  const seconds = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format((Date.now() - started) / 1000);
  console.log(
    `Sauvegarde écrite : ${shown(summary.path)} (${mb} Mo : ${summary.tables} ` +
      `tables, ${summary.rows} lignes, ${summary.files} fichiers) en ${seconds} s.`,
  );
  if (summary.missingFiles.length > 0) {
    console.log(
      `Attention : ${summary.missingFiles.length} fichier(s) référencé(s) par la ` +
        'base manquaient au stockage (listés dans le manifeste, « missingFiles »).',
    );
  }
} catch (error) {
  reportFailure(error);
} finally {
  await database.close();
}
