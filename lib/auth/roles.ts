/**
 * Roles and areas of responsibility, kept in our `users` table whatever the sign-in mode
 * (embedded, Supabase, upstream: every mode mirrors its accounts there). What each role may do is
 * decided in one place, lib/admin/access.ts; this module stores and reads them.
 *
 * A new account gets the least power (Rédacteur with no area) unless an administrator chose
 * otherwise, except the installation's first account, which is its Administrateur. The last
 * active administrator can be neither demoted nor deactivated.
 */
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { writeAudit } from '@/lib/audit/write';
import type { Db } from '@/lib/db/open';
import { users } from '@/lib/db/schema';
import { ConflictError, NotFoundError } from '@/lib/errors';

export const roles = ['admin', 'publisher', 'editor'] as const;
export type Role = (typeof roles)[number];

/** The roles' French names, as the back-office and its messages write them. */
export const roleLabels: Record<Role, string> = {
  admin: 'Administrateur',
  publisher: 'Responsable de publication',
  editor: 'Rédacteur',
};

/** What the access rules need to know of an account. */
export type Access = { role: Role; areas: readonly string[] };

/** The role an account inserted now gets: Administrateur for the first account of the installation, else Rédacteur. */
export const roleOfNewAccount = sql<Role>`(case when exists (select 1 from ${users}) then 'editor' else 'admin' end)::user_role`;

/** The role and areas of an account; null for an unknown one. */
export async function accessOf(db: Db, userId: string): Promise<Access | null> {
  const [row] = await db.select({ role: users.role, areas: users.areas }).from(users).where(eq(users.id, userId)).limit(1);
  return row ? { role: row.role, areas: row.areas } : null;
}

/** The role and areas of these accounts, by id (the users screen); an id unknown here is absent. */
export async function accessOfAccounts(db: Db, ids: readonly string[]): Promise<Map<string, Access>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, role: users.role, areas: users.areas })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((row) => [row.id, { role: row.role, areas: row.areas }]));
}

/**
 * Refuses (French `ConflictError`) a change that would leave the installation without an active
 * administrator: demoting or deactivating the last one. Call inside the transaction of the change,
 * after locking the account's row.
 */
export async function assertNotLastAdmin(tx: Db, userId: string, change: 'demote' | 'deactivate'): Promise<void> {
  const [target] = await tx.select({ role: users.role, active: users.active }).from(users).where(eq(users.id, userId)).for('update');
  if (!target) throw new NotFoundError('Ce compte n’existe pas ou plus : rechargez la liste.');
  if (target.role !== 'admin' || !target.active) return;
  // Every administrator row is locked, so two changes at once cannot each leave the other alone.
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.active, true), ne(users.id, userId)))
    .for('update');
  if (others.length === 0) {
    throw new ConflictError(
      change === 'demote'
        ? 'C’est le dernier administrateur actif : nommez d’abord un autre administrateur, puis changez le rôle de celui-ci.'
        : 'C’est le dernier administrateur actif : nommez d’abord un autre administrateur, puis désactivez celui-ci.',
    );
  }
}

/** How many active accounts hold each role (the users screen's summary). */
export async function countByRole(db: Db): Promise<Record<Role, number>> {
  const rows = await db.select({ role: users.role, n: count() }).from(users).where(eq(users.active, true)).groupBy(users.role);
  const out: Record<Role, number> = { admin: 0, publisher: 0, editor: 0 };
  for (const row of rows) out[row.role] = Number(row.n);
  return out;
}

/** A change of an account's role and areas, as an administrator asked it (areas already checked against the registry). */
export type AccessChange = { userId: string; role: Role; areas: readonly string[] };

/**
 * Sets an account's role and areas in one transaction, refusing to demote the last active
 * administrator, and writes the audit entry (before and after). A Rédacteur keeps their areas;
 * the other roles act in every area, so their list is emptied.
 */
export async function setAccountAccess(
  db: Db,
  // The administrator who changes it, or a label for who did outside the back-office (the CLI).
  { actor, ip, change }: { actor: { id: string; name: string; email: string } | string; ip?: string | null; change: AccessChange },
): Promise<{ id: string; name: string; email: string; role: Role; areas: string[]; changed: boolean }> {
  const areas = change.role === 'editor' ? [...new Set(change.areas)].sort() : [];
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, change.userId)).for('update');
    if (!before) throw new NotFoundError('Ce compte n’existe pas ou plus : rechargez la liste.');
    const unchanged = before.role === change.role && before.areas.join(',') === areas.join(',');
    if (unchanged) return { id: before.id, name: before.name, email: before.email, role: before.role, areas: before.areas, changed: false };
    if (before.role === 'admin' && change.role !== 'admin') await assertNotLastAdmin(tx, change.userId, 'demote');
    const [row] = await tx
      .update(users)
      .set({ role: change.role, areas, updatedAt: new Date() })
      .where(eq(users.id, change.userId))
      .returning();
    const describe = (role: Role, list: readonly string[]) =>
      role === 'editor' ? `${roleLabels[role]} (${list.length ? list.join(', ') : 'aucune rubrique'})` : roleLabels[role];
    await writeAudit(tx, {
      ...(typeof actor === 'string' ? { actor } : { user: actor }),
      action: 'user.access',
      entityType: 'user',
      entityId: change.userId,
      summary: `Rôle de ${before.name} <${before.email}> : ${describe(before.role, before.areas)} → ${describe(change.role, areas)}`,
      before: { role: before.role, areas: before.areas },
      after: { role: change.role, areas },
      ip,
    });
    return { id: row!.id, name: row!.name, email: row!.email, role: row!.role, areas: row!.areas, changed: true };
  });
}
