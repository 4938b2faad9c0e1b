/**
 * The Postgres connection carries its time limits: a statement past DATABASE_STATEMENT_TIMEOUT_MS
 * is cancelled by the server instead of holding a request (and a pool connection) forever.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '@/lib/env';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { queryRows } from './raw';

describe.skipIf(!testDatabaseKinds.includes('postgres'))('Postgres connection limits', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('sets statement_timeout on every connection', async () => {
    const [row] = await queryRows<{ ms: string }>(database.db, sql`select current_setting('statement_timeout') as ms`);
    expect(row!.ms).toBe(`${env.DATABASE_STATEMENT_TIMEOUT_MS / 1000}s`);
  });
});
