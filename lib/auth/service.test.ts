/** Account rules shared by every mode: no self-deactivation, never the last active account, audit. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '@/lib/db/schema';
import { ForbiddenError } from '@/lib/errors';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { createAccount, createEmbeddedAdapter } from './embedded';
import { isCommonPassword } from './common-passwords';
import { hashPassword, verifyPassword } from './password';
import { setAccountActive, type AuthDeps } from './service';
import type { AuthRequest } from './types';

const req: AuthRequest = { token: null, bearer: false, cookies: [], ip: '198.51.100.5', userAgent: null, secureCookies: false };

describe('passwords', () => {
  it('hashes with scrypt at OWASP parameters and verifies only the right password', async () => {
    const hash = await hashPassword('une phrase de passe');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('une phrase de passe', hash)).toBe(true);
    expect(await verifyPassword('une phrase de passE', hash)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });
  it('refuses the most common passwords and trivial runs', () => {
    for (const p of ['password1234', 'AZERTYUIOP123', '123456789012', 'aaaaaaaaaaaa', 'abcdefghijklmn'])
      expect(isCommonPassword(p)).toBe(true);
    expect(isCommonPassword('cheval correct agrafe pile')).toBe(false);
  });
});

describe.each(testDatabaseKinds)('account rules (%s)', (kind) => {
  let database: TestDatabase;
  let deps: AuthDeps;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    deps = { db: database.db, adapter: createEmbeddedAdapter({ db: database.db, cookieName: 'c' }) };
  });
  afterAll(() => database.close());

  it('refuses deactivating oneself and the last active account, allows reactivation, audits', async () => {
    const a = await createAccount(database.db, { email: 'a@x.example', name: 'A', password: 'phrase de passe de a' });
    const b = await createAccount(database.db, { email: 'b@x.example', name: 'B', password: 'phrase de passe de b' });
    await expect(setAccountActive(deps, req, a, { userId: a.id, active: false })).rejects.toBeInstanceOf(ForbiddenError);
    expect((await setAccountActive(deps, req, a, { userId: b.id, active: false })).active).toBe(false);
    // b is now inactive: a is the last active account, so nobody may deactivate a (b cannot act anyway).
    await expect(setAccountActive(deps, req, b, { userId: a.id, active: false })).rejects.toThrow(/dernier compte actif/);
    expect((await setAccountActive(deps, req, a, { userId: b.id, active: true })).active).toBe(true);
    const entries = await database.db.select().from(auditEntries).where(eq(auditEntries.entityId, b.id));
    expect(entries.map((e) => e.action).sort()).toEqual(['user.deactivate', 'user.reactivate']);
    expect(entries[0]?.actor).toContain('a@x.example');
  });
});
