// npm run db:seed — creates the French demo content; running it again changes nothing.
import './load-env';
import { migrateDatabase } from '@/lib/db/migrate';
import { openDatabase } from '@/lib/db/open';
import { env } from '@/lib/env';
import { seedDemoContent } from '@/demo';
import { extractQueuedNow } from '@/lib/search/extraction';
import { getStorage } from '@/lib/storage';

const database = await openDatabase();
try {
  await migrateDatabase(database, env.DATABASE_URL);
  const result = await seedDemoContent(database.db, getStorage(), { log: (m) => console.log(m) });
  if (env.SEARCH_EXTRACTION) await extractQueuedNow(database.db, getStorage(), (m) => console.log(m));
  console.log(result.created ? 'Contenu de démonstration créé.' : 'Contenu de démonstration déjà présent : rien à faire.');
} finally {
  await database.close();
}
