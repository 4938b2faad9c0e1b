// npm run restore -- FILE — restores an archive of `npm run backup` into the configured database
// (an empty PGlite DATA_DIR, or an empty Postgres at DATABASE_URL) and the configured storage
// (empty too). The archive is checked whole before anything is written; on any failure nothing
// stays. On PGlite no server may hold the data directory meanwhile.
import './load-env';
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseLockedError } from '@/lib/db/lock';
import { openDatabase } from '@/lib/db/open';
import { dataDir, env } from '@/lib/env';
import { restoreBackup } from '@/lib/ops/backup';
import { getStorage } from '@/lib/storage';
import { fail, positionalArgs, reportFailure, shown } from './cli';

const usage = 'Usage : npm run restore -- fichier.tar.gz';

const positionals = positionalArgs(usage);
if (positionals.length !== 1) fail(`donnez le chemin d'une archive.\n${usage}`);
const archive = path.resolve(positionals[0]!);

// The local storage must be empty, not only free of the archive's keys: a restore starts a site anew.
const filesDir = path.join(dataDir, 'files');
if (env.STORAGE_DRIVER === 'local' && fs.existsSync(filesDir) && fs.readdirSync(filesDir).length > 0) {
  fail(`le dossier des fichiers (${filesDir}) n'est pas vide : une sauvegarde se restaure dans un DATA_DIR vide.`);
}

const database = await openDatabase().catch((error: unknown) => {
  if (error instanceof DatabaseLockedError) fail(error.message);
  throw error;
});
try {
  const started = Date.now();
  const summary = await restoreBackup({
    archive,
    database,
    databaseUrl: env.DATABASE_URL,
    storage: getStorage(),
    log: (m) => console.log(m),
  });
  const seconds = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format((Date.now() - started) / 1000);
  const where = database.kind === 'pglite' ? `PGlite, ${shown(dataDir)}` : 'Postgres';
  console.log(
    `Sauvegarde du ${summary.manifest.createdAt} restaurée (${where}) : ${summary.tables} ` +
      `tables, ${summary.rows} lignes, ${summary.files} fichiers, en ${seconds} s.`,
  );
  if (summary.missingFiles.length > 0) {
    console.log(
      `Attention : ${summary.missingFiles.length} fichier(s) manquaient ` +
        'déjà au stockage lors de la sauvegarde (manifeste, « missingFiles »).',
    );
  }
} catch (error) {
  reportFailure(error);
} finally {
  await database.close();
}
