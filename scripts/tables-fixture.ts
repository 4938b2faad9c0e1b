// npx tsx scripts/tables-fixture.ts [--big] — adds the public side's test tables to the database
// (DATA_DIR or DATABASE_URL): POP_TEST (48 cells, every kind of note and status), POP_LIEUX (60 places ×
// 3 years: a dimension long enough to be chosen by search and pages) and, with --big,
// POP_GRANDE (a million cells, for npm run bench:tables). Run after db:seed, before the build; a
// table already there is left as it is.
import './load-env';
import { migrateDatabase } from '@/lib/db/migrate';
import { openDatabase } from '@/lib/db/open';
import { env } from '@/lib/env';
import { findTable } from '@/lib/tables/queries';
import { insertBigTable, insertSmallTable } from '@/testing/tables-fixture';

const database = await openDatabase();
try {
  await migrateDatabase(database, env.DATABASE_URL);
  if (!(await findTable(database.db, 'POP_TEST'))) await insertSmallTable(database.db);
  if (!(await findTable(database.db, 'POP_LIEUX'))) await insertBigTable(database.db, { places: 60, years: 3, code: 'POP_LIEUX' });
  if (process.argv.includes('--big') && !(await findTable(database.db, 'POP_GRANDE'))) await insertBigTable(database.db);
  console.log('Tableaux d’essai présents : POP_TEST, POP_LIEUX' + (process.argv.includes('--big') ? ', POP_GRANDE.' : '.'));
} finally {
  await database.close();
}
