/**
 * Health and readiness: ready on a real database and storage; 503 naming the database when its
 * queries fail or hang (answered within the time limit, never waiting for the database), and
 * naming the storage when it fails.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db/open';
import { createLocalStorage } from '@/lib/storage/local';
import type { StorageDriver } from '@/lib/storage/types';
import { createTestDatabase, type TestDatabase } from '@/testing/db';
import { health, readiness } from './health';

describe('health and readiness', () => {
  let database: TestDatabase;
  let root: string;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    root = await fsp.mkdtemp(path.join(os.tmpdir(), 'insstat-ready-'));
  });
  afterAll(async () => {
    await database?.close();
    await fsp.rm(root, { recursive: true, force: true });
  });
  const storage = () => createLocalStorage(root);

  it('health answers without touching anything', async () => {
    const response = health();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });

  it('ready when the database and the storage answer', async () => {
    const response = await readiness({ getDb: async () => database.db, storage });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
  });

  it('503 naming the database when it fails, and within the limit when it hangs', async () => {
    const failing = { execute: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')) } as unknown as Db;
    let response = await readiness({ getDb: async () => failing, storage });
    expect(response.status).toBe(503);
    expect((await response.json()).database).toMatch(/^La base de données est injoignable \(connect ECONNREFUSED/);

    const hanging = { execute: () => new Promise(() => {}) } as unknown as Db;
    const started = Date.now();
    response = await readiness({ getDb: async () => hanging, storage, timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      status: 'indisponible',
      database: expect.stringMatching(/pas de réponse en 300 ms/),
      storage: 'ok',
    });
  });

  it('503 naming the storage when it fails', async () => {
    const broken: StorageDriver = { ...storage(), size: () => Promise.reject(new Error('getaddrinfo ENOTFOUND s3.example')) };
    const response = await readiness({ getDb: async () => database.db, storage: () => broken });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      database: 'ok',
      storage: expect.stringMatching(/^Le stockage des fichiers est injoignable/),
    });
  });
});
