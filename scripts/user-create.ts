// npm run user:create -- --email E --password P --name N — creates a back-office account
// (embedded sign-in mode). Migrates first, so it works on a fresh database; on PGlite it takes the
// data directory's lock like every other process (stop the server first).
import './load-env';
import { parseArgs } from 'node:util';
import { writeAudit } from '@/lib/audit/write';
import { createAccount } from '@/lib/auth/embedded';
import { createUserSchema } from '@/lib/auth/schemas';
import { migrateDatabase } from '@/lib/db/migrate';
import { DatabaseLockedError } from '@/lib/db/lock';
import { openDatabase } from '@/lib/db/open';
import { env } from '@/lib/env';
import { isDomainError } from '@/lib/errors';
import { parseOrThrow } from '@/lib/validation';

function fail(message: string): never {
  console.error(`Erreur : ${message}`);
  process.exit(1);
}

if (env.AUTH_MODE !== 'embedded') {
  fail(`AUTH_MODE=${env.AUTH_MODE} : les comptes sont gérés par le service externe, créez-les là-bas.`);
}

let values: { email?: string; password?: string; name?: string };
try {
  ({ values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } }, strict: true }));
} catch (error) {
  fail(`${(error as Error).message}\nUsage : npm run user:create -- --email E --password P --name N`);
}

let input;
try {
  input = parseOrThrow(createUserSchema, { email: values.email, password: values.password, name: values.name });
} catch (error) {
  if (!isDomainError(error)) throw error;
  const lines = Object.entries(error.fieldErrors ?? {}).map(([field, messages]) => `  --${field} : ${messages.join(' ')}`);
  fail(`${error.message}\n${lines.join('\n')}\nUsage : npm run user:create -- --email E --password P --name N`);
}

const database = await openDatabase().catch((error: unknown) => {
  if (error instanceof DatabaseLockedError) fail(error.message);
  throw error;
});
try {
  await migrateDatabase(database, env.DATABASE_URL);
  const user = await createAccount(database.db, input);
  await writeAudit(database.db, {
    actor: 'npm run user:create',
    action: 'user.create',
    entityType: 'user',
    entityId: user.id,
    summary: `Compte créé en ligne de commande : ${user.name} <${user.email}>`,
  });
  console.log(`Compte créé : ${user.name} <${user.email}>`);
} catch (error) {
  if (isDomainError(error)) fail(error.message);
  throw error;
} finally {
  await database.close();
}
