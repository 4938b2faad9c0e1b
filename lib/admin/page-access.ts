import 'server-only';
/**
 * The connected user of an admin page with their role and areas: pages ask `can` (lib/admin/access.ts)
 * to show only the controls a user may use, and `pageRefusal` to answer a page a user may not
 * open with the French reason instead of its content. The actions and route handlers check again
 * on the server whatever a page shows.
 */
import { cache } from 'react';
import { getAuth } from '@/lib/auth';
import { requireSession } from '@/lib/auth/guard';
import { actorOf, refusal, type Actor, type Need } from './access';

/**
 * The page's user with their role and areas; a visitor is sent home. Read once per request: the
 * layout (its menu) and the page ask it both.
 */
export const adminActor = cache(async (): Promise<Actor> => {
  const { user } = await requireSession();
  return actorOf((await getAuth()).db, user);
});

/** The French reason why the page's user may not open a page that needs `need`, with the user; reason null when they may. */
export async function pageRefusal(need: Need): Promise<{ actor: Actor; reason: string | null }> {
  const actor = await adminActor();
  return { actor, reason: refusal(actor, need) };
}
