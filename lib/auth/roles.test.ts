/**
 * Roles kept in our database: the first account is the Administrateur, the next ones get the
 * least power (in every sign-in mode: embedded accounts and mirrored provider accounts alike), the
 * last active administrator can be neither demoted nor deactivated, and every change is audited.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditEntries, users } from '@/lib/db/schema';
import { ConflictError } from '@/lib/errors';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { createAccount, createEmbeddedAdapter } from './embedded';
import { clearMirrorCache, mirrorProviderUser } from './mirror';
import { accessOf, countByRole, setAccountAccess } from './roles';
import { setAccountActive } from './service';
import type { AuthRequest } from './types';

const req: AuthRequest = { token: null, bearer: false, cookies: [], ip: '198.51.100.5', userAgent: null, secureCookies: false };
const account = (db: TestDatabase['db'], n: string) =>
  createAccount(db, { email: `${n}@x.example`, name: n.toUpperCase(), password: `phrase de passe de ${n}` });

describe.each(testDatabaseKinds)('roles (%s)', (kind) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(kind);
    clearMirrorCache();
  });
  afterEach(() => database.close());

  it('the first account is the Administrateur, the next ones Rédacteurs with no area', async () => {
    const first = await account(database.db, 'a');
    const second = await account(database.db, 'b');
    expect(await accessOf(database.db, first.id)).toEqual({ role: 'admin', areas: [] });
    expect(await accessOf(database.db, second.id)).toEqual({ role: 'editor', areas: [] });
    expect(await countByRole(database.db)).toEqual({ admin: 1, publisher: 0, editor: 1 });
  });

  it('accounts mirrored from a provider (Supabase, upstream) get the same rule', async () => {
    const first = await mirrorProviderUser(database.db, { externalId: 'ext-1', email: 'p@x.example', name: 'P' });
    const second = await mirrorProviderUser(database.db, { externalId: 'ext-2', email: 'q@x.example', name: 'Q' });
    expect((await accessOf(database.db, first.id))?.role).toBe('admin');
    expect((await accessOf(database.db, second.id))?.role).toBe('editor');
    // Signing in again keeps the role an administrator gave.
    await setAccountAccess(database.db, { actor: first, change: { userId: second.id, role: 'publisher', areas: [] } });
    clearMirrorCache();
    await mirrorProviderUser(database.db, { externalId: 'ext-2', email: 'q@x.example', name: 'Q renommé' });
    expect((await accessOf(database.db, second.id))?.role).toBe('publisher');
  });

  it('changes a role and areas in one audited write; a Rédacteur keeps areas, other roles none', async () => {
    const admin = await account(database.db, 'a');
    const b = await account(database.db, 'b');
    const changed = await setAccountAccess(database.db, {
      actor: admin,
      ip: '203.0.113.9',
      change: { userId: b.id, role: 'editor', areas: ['news', 'ipc', 'ipc'] },
    });
    expect(changed).toMatchObject({ role: 'editor', areas: ['ipc', 'news'], changed: true });
    expect(
      (await setAccountAccess(database.db, { actor: admin, change: { userId: b.id, role: 'editor', areas: ['ipc', 'news'] } })).changed,
    ).toBe(false);
    await setAccountAccess(database.db, { actor: admin, change: { userId: b.id, role: 'publisher', areas: ['ipc'] } });
    expect(await accessOf(database.db, b.id)).toEqual({ role: 'publisher', areas: [] });
    const entries = await database.db.select().from(auditEntries).where(eq(auditEntries.action, 'user.access'));
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      entityId: b.id,
      ip: '203.0.113.9',
      before: { role: 'editor', areas: [] },
      after: { role: 'editor', areas: ['ipc', 'news'] },
    });
    expect(entries[0]?.summary).toBe('Rôle de B <b@x.example> : Rédacteur (aucune rubrique) → Rédacteur (ipc, news)');
    expect(entries[0]?.actor).toContain('a@x.example');
  });

  it('the last active administrator can be neither demoted nor deactivated; with a second one, either can', async () => {
    const admin = await account(database.db, 'a');
    const b = await account(database.db, 'b');
    await expect(
      setAccountAccess(database.db, { actor: admin, change: { userId: admin.id, role: 'publisher', areas: [] } }),
    ).rejects.toBeInstanceOf(ConflictError);
    const deps = { db: database.db, adapter: createEmbeddedAdapter({ db: database.db, cookieName: 'c' }) };
    // b, not yet an administrator, cannot be left as the only active account either; a is refused as the last administrator.
    await expect(setAccountActive(deps, req, b, { userId: admin.id, active: false })).rejects.toThrow(/dernier administrateur actif/);
    expect(await accessOf(database.db, admin.id)).toEqual({ role: 'admin', areas: [] });
    const [row] = await database.db.select({ active: users.active }).from(users).where(eq(users.id, admin.id));
    expect(row?.active).toBe(true);

    await setAccountAccess(database.db, { actor: admin, change: { userId: b.id, role: 'admin', areas: [] } });
    expect((await setAccountAccess(database.db, { actor: b, change: { userId: admin.id, role: 'editor', areas: ['news'] } })).role).toBe(
      'editor',
    );
    await expect(setAccountAccess(database.db, { actor: b, change: { userId: b.id, role: 'editor', areas: [] } })).rejects.toThrow(
      /dernier administrateur actif/,
    );
  });
});
