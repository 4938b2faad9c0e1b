/**
 * Steps before serving or building, in one process holding the database: migrate, seed the demo
 * content when the database is empty, and (on PGlite) write the copy Next's build workers read.
 */
import { migrateDatabase } from '@/lib/db/migrate';
import { openDatabase, writeBuildSnapshot } from '@/lib/db/open';
import { env } from '@/lib/env';
import { isDatabaseEmpty, seedDemoContent } from '@/demo';
import { extractQueuedNow } from '@/lib/search/extraction';
import { getStorage } from '@/lib/storage';

export async function prepareDatabase(options: { seedIfEmpty: boolean; snapshot: boolean }): Promise<void> {
  const database = await openDatabase();
  try {
    await migrateDatabase(database, env.DATABASE_URL);
    if (options.seedIfEmpty && (await isDatabaseEmpty(database.db))) {
      console.log('Base vide : création du contenu de démonstration…');
      await seedDemoContent(database.db, getStorage(), { log: (m) => console.log(`  ${m}`) });
    }
    if (env.SEARCH_EXTRACTION) await extractQueuedNow(database.db, getStorage(), (m) => console.log(`  ${m}`));
    if (options.snapshot && database.pglite) await writeBuildSnapshot(database.pglite);
  } finally {
    await database.close();
  }
}
