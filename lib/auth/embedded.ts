/** Embedded sign-in mode: accounts and sessions in our own database. */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { sessions, users } from '@/lib/db/schema';
import { hashToken, SESSION_IDLE_MS } from './tokens';

export type SessionUser = { id: string; email: string; name: string };

/** The user of a valid session token (not revoked, not expired, not idle, account active), or null. */
export async function userForToken(db: Db, token: string, now = new Date()): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt, id: users.id, email: users.email, name: users.name })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
        eq(users.active, true),
      ),
    )
    .limit(1);
  if (!row) return null;
  // Sliding idle expiry, written at most once a minute per session.
  if (now.getTime() - row.lastSeenAt.getTime() > 60_000) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return { id: row.id, email: row.email, name: row.name };
}
