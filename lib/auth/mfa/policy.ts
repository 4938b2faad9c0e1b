/**
 * Who must have a second factor (issue 40): an administrator's setting, audited, kept in the
 * `settings` table. `publishers`: Administrateurs and Responsables de publication; `everyone`: every
 * account; `off` (the default, and the demo's). It applies to the embedded sign-in mode, whose
 * factors this application keeps, and to the supabase mode, counting Supabase's verified factors
 * (lib/auth/assurance.ts); an upstream API keeps its own.
 */
import { eq } from 'drizzle-orm';
import { writeAudit } from '@/lib/audit/write';
import type { SessionUser } from '@/lib/auth/types';
import type { Db } from '@/lib/db/open';
import { settings } from '@/lib/db/schema';
import { mfaPolicies, mfaPolicyLabels, type MfaPolicy } from './policy-model';

export { mfaPolicies, mfaPolicyLabels, policyCovers, type MfaPolicy } from './policy-model';

const KEY = 'security.mfa_policy';

/** The installation's policy (`off` when never set). */
export async function mfaPolicy(db: Db): Promise<MfaPolicy> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
  return mfaPolicies.includes(row?.value as MfaPolicy) ? (row!.value as MfaPolicy) : 'off';
}

/** Sets the policy with an audit entry; a user `null` is the command line or a test's set-up. */
export async function setMfaPolicy(
  db: Db,
  { policy, user, ip }: { policy: MfaPolicy; user: SessionUser | null; ip?: string | null },
): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const before = await mfaPolicy(tx);
    if (before === policy) return { changed: false };
    await tx
      .insert(settings)
      .values({ key: KEY, value: policy, updatedAt: new Date(), updatedBy: user?.id ?? null })
      .onConflictDoUpdate({ target: settings.key, set: { value: policy, updatedAt: new Date(), updatedBy: user?.id ?? null } });
    await writeAudit(tx, {
      user,
      action: 'settings.mfa_policy',
      entityType: 'settings',
      entityId: KEY,
      summary: `Règle du second facteur : ${mfaPolicyLabels[policy]}.`,
      before: { mfaPolicy: before },
      after: { mfaPolicy: policy },
      ip,
    });
    return { changed: true };
  });
}
