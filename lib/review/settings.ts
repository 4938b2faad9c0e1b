/**
 * The review settings an administrator changes (`settings` table, one row per key): for now
 * self-approval, off unless turned on — a small team where the writer may approve their own work.
 * Every change is audited. Plain `(db, …)` functions.
 */
import { eq } from 'drizzle-orm';
import { writeAudit } from '@/lib/audit/write';
import type { SessionUser } from '@/lib/auth/types';
import type { Db } from '@/lib/db/open';
import { settings } from '@/lib/db/schema';

const SELF_APPROVAL = 'review.self_approval';

/** Whether the last writer of an item may approve it (off by default). */
export async function selfApprovalAllowed(db: Db): Promise<boolean> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SELF_APPROVAL));
  return row?.value === true;
}

/** Turns self-approval on or off, with an audit entry; a user `null` is the command line or the demo seed. */
export async function setSelfApproval(
  db: Db,
  { allowed, user, actor, ip }: { allowed: boolean; user: SessionUser | null; actor?: string; ip?: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await selfApprovalAllowed(tx);
    if (before === allowed) return;
    await tx
      .insert(settings)
      .values({ key: SELF_APPROVAL, value: allowed, updatedAt: new Date(), updatedBy: user?.id ?? null })
      .onConflictDoUpdate({ target: settings.key, set: { value: allowed, updatedAt: new Date(), updatedBy: user?.id ?? null } });
    await writeAudit(tx, {
      user,
      actor,
      action: 'settings.self_approval',
      entityType: 'settings',
      entityId: SELF_APPROVAL,
      summary: allowed
        ? 'Auto-approbation activée : la dernière personne qui a écrit un élément peut l’approuver.'
        : 'Auto-approbation désactivée : une seconde personne approuve ce qui part en ligne.',
      before: { selfApproval: before },
      after: { selfApproval: allowed },
      ip,
    });
  });
}
