/**
 * The Postgres connection carries its time limits: a statement past DATABASE_STATEMENT_TIMEOUT_MS
 * is cancelled by the server instead of holding a request (and a pool connection) forever; with the
 * server gone, reads fail at once rather than queue behind reconnection attempts.
 */
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '@/lib/env';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { openDatabase } from './open';
import { queryRows } from './raw';
import { isDatabaseUnavailable } from './unavailable';

/** A port nothing listens on: connections are refused, as when the database is stopped. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('Postgres unreachable', () => {
  it('fails every read at once, more reads than the pool holds too, without waiting between attempts', async () => {
    const database = await openDatabase({ databaseUrl: `postgres://u:p@127.0.0.1:${await closedPort()}/db` });
    try {
      const started = Date.now();
      // Twice the pool, then one after another: postgres.js's default backoff held these 46 s.
      const reads = await Promise.allSettled(
        Array.from({ length: 2 * env.DATABASE_POOL_MAX }, () => queryRows(database.db, sql`select 1`)),
      );
      for (let i = 0; i < 8; i++) reads.push(...(await Promise.allSettled([queryRows(database.db, sql`select 1`)])));
      expect(reads.every((r) => r.status === 'rejected' && isDatabaseUnavailable(r.reason))).toBe(true);
      // Each fails when its connection is refused (milliseconds); a wait between attempts is seconds.
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await database.close();
    }
  });
});

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
