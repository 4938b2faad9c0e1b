/**
 * The sign-in mode of this installation, chosen by AUTH_MODE (validated at start-up by lib/env.ts).
 */
// Not `server-only` and not `@/lib/db`: proxy.ts uses it too (see lib/db/instance.ts).
import { getDb } from '@/lib/db/instance';
import { env } from '@/lib/env';
import { createEmbeddedAdapter } from './embedded';
import type { AuthDeps } from './service';

const globalForAuth = globalThis as typeof globalThis & { __insstatAuth?: Promise<AuthDeps> };

async function build(): Promise<AuthDeps> {
  const db = await getDb();
  switch (env.AUTH_MODE) {
    // Loaded only in their mode: supabase-js is large and warns on Node 20.
    case 'supabase': {
      const { createSupabaseAdapter } = await import('./supabase');
      return {
        db,
        adapter: createSupabaseAdapter({
          db,
          url: env.SUPABASE_URL!,
          anonKey: env.SUPABASE_ANON_KEY!,
          serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY,
        }),
      };
    }
    case 'upstream': {
      const { createUpstreamAdapter } = await import('./upstream');
      return { db, adapter: createUpstreamAdapter({ db, baseUrl: env.AUTH_UPSTREAM_URL!, cookieName: env.SESSION_COOKIE_NAME }) };
    }
    default:
      return { db, adapter: createEmbeddedAdapter({ db, cookieName: env.SESSION_COOKIE_NAME }) };
  }
}

/** The adapter and database every auth entry point uses (one per process). */
export function getAuth(): Promise<AuthDeps> {
  globalForAuth.__insstatAuth ??= build().catch((error: unknown) => {
    globalForAuth.__insstatAuth = undefined;
    throw error;
  });
  return globalForAuth.__insstatAuth;
}
