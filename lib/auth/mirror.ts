/**
 * Accounts of an external provider (Supabase, upstream user API) get a row in our `users` table,
 * so authorship columns (`created_by`, audit entries) point at a real row in every mode.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { users } from '@/lib/db/schema';
import { roleOfNewAccount } from './roles';
import type { AccountUser, ProviderUser, SessionUser } from './types';

const cache = new Map<string, { user: SessionUser; at: number }>();
const CACHE_MS = 60_000;

/**
 * Our user for a provider's user: found by `external_id`, else by email (an account created
 * before the switch), else created. Name and email follow the provider. Cached a minute per process.
 */
export async function mirrorProviderUser(db: Db, provider: ProviderUser): Promise<SessionUser> {
  const key = provider.externalId;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS && hit.user.email === provider.email && hit.user.name === provider.name) {
    return hit.user;
  }
  const email = provider.email.trim();
  const name = provider.name.trim() || email;
  const [byExternal] = await db.select().from(users).where(eq(users.externalId, key)).limit(1);
  const [existing] = byExternal
    ? [byExternal]
    : await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
  let row;
  if (existing) {
    [row] = await db
      .update(users)
      .set({ externalId: key, email, name, updatedAt: new Date() })
      .where(eq(users.id, existing.id))
      .returning();
  } else {
    [row] = await db
      .insert(users)
      .values({ externalId: key, email, name, active: provider.active ?? true, role: roleOfNewAccount })
      .returning();
  }
  const user = { id: row!.id, email: row!.email, name: row!.name };
  cache.set(key, { user, at: Date.now() });
  return user;
}

/** Mirrors a provider's account list and answers it with our ids. */
export async function mirrorProviderUsers(db: Db, list: ProviderUser[]): Promise<AccountUser[]> {
  const out: AccountUser[] = [];
  for (const p of list) {
    const user = await mirrorProviderUser(db, p);
    out.push({
      ...user,
      active: p.active ?? true,
      createdAt: p.createdAt ?? new Date(0).toISOString(),
      lastSignInAt: p.lastSignInAt ?? null,
    });
  }
  return out;
}

/** The provider's id of one of our users (to deactivate it at the provider), or null. */
export async function externalIdOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ externalId: users.externalId }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.externalId ?? null;
}

/** Forgets cached mirrors (tests). */
export const clearMirrorCache = () => cache.clear();
