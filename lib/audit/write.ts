/**
 * The audit log: every sign-in, failure, logout, account change and content write, with who,
 * when and what changed. Written by the auth layer and the admin action wrapper.
 */
import type { Db } from '@/lib/db/open';
import { auditEntries } from '@/lib/db/schema';

export type AuditInput = {
  /** The acting user (our `users.id`), when there is one. */
  user?: { id: string; name: string; email: string } | null;
  /** When nobody is signed in (a failed sign-in): who it was about. */
  actor?: string;
  action: string;
  entityType?: string;
  entityId?: string | number;
  /** Short French description shown in the back-office. */
  summary: string;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
};

/** Appends one entry to the audit log. */
export async function writeAudit(db: Db, input: AuditInput) {
  await db.insert(auditEntries).values({
    userId: input.user?.id ?? null,
    actor: input.user ? `${input.user.name} <${input.user.email}>` : (input.actor ?? null),
    action: input.action,
    entityType: input.entityType ?? null,
    entityId: input.entityId === undefined ? null : String(input.entityId),
    summary: input.summary,
    before: input.before ?? null,
    after: input.after ?? null,
    ip: input.ip ?? null,
  });
}
