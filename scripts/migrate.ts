// npm run db:migrate — applies pending migrations to the configured database.
import './load-env';
import { migrateDatabase } from '@/lib/db/migrate';
import { openDatabase } from '@/lib/db/open';
import { env } from '@/lib/env';

const database = await openDatabase();
try {
  await migrateDatabase(database, env.DATABASE_URL);
  console.log(`Migrations appliquées (${database.kind}).`);
} finally {
  await database.close();
}
