import { defineConfig } from 'drizzle-kit';

// Only used to generate migrations from lib/db/schema.ts and the domains' own schema files (`npm run db:generate`);
// they are applied by scripts/migrate.ts, on PGlite or Postgres alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './lib/db/schema.ts',
    './lib/tables/schema.ts',
    './lib/alerts/schema.ts',
    './lib/auth/mfa/schema.ts',
    './lib/geo/schema.ts',
    './lib/microdata/schema.ts',
  ],
  out: './drizzle/migrations',
});
