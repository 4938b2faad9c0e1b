import 'server-only';
/**
 * The one wrapper every admin server action goes through (STYLE.md): it checks the session on the
 * server, checks the role and areas the action needs (`access`, lib/admin/access.ts: required, so
 * an action cannot be written without its rule), validates the input with zod, turns domain errors
 * into the one result shape, and writes the audit entry. An exported action built without it
 * would be a public endpoint.
 */
import { refresh } from 'next/cache';
import { cookies } from 'next/headers';
import { unstable_rethrow } from 'next/navigation';
import { z } from 'zod';
import { writeAudit, type AuditInput } from '@/lib/audit/write';
import { getAuth } from '@/lib/auth';
import { currentAuthRequest } from '@/lib/auth/session';
import { currentUser, type AuthDeps } from '@/lib/auth/service';
import type { AuthRequest, CookieToSet, SessionUser } from '@/lib/auth/types';
import { isDatabaseUnavailable } from '@/lib/db/unavailable';
import { watchingInvalidations } from '@/lib/ops/invalidate';
import { DatabaseUnavailableError, isDomainError, UnauthorizedError, type FieldErrors } from '@/lib/errors';
import { englishPrefix } from '@/lib/content/schemas/translations';
import { parseOrThrow } from '@/lib/validation';
import { actorOf, enforce, type AccessRule, type Actor, type Guarded } from './access';

export type ActionResult<T = null> = { ok: true; data: T; message?: string } | { ok: false; error: string; fieldErrors?: FieldErrors };

export type ActionContext = AuthDeps & { user: SessionUser; actor: Actor; request: AuthRequest };

type Options<I, T> = {
  /** What the action needs: required, so no action exists without its rule. */
  access: AccessRule<I, ActionContext>;
  /** The audit entry for a successful call (null for reads or when the handler writes its own). */
  audit?: (input: I, data: T, ctx: ActionContext) => Omit<AuditInput, 'user' | 'ip'> | null;
  /** French message shown in the success toast. */
  success?: string | ((data: T) => string);
};

/** Writes cookies an adapter asked for (e.g. a refreshed Supabase session) from inside an action. */
export async function applyCookies(list: CookieToSet[]) {
  if (list.length === 0) return;
  const jar = await cookies();
  for (const c of list) jar.set(c.name, c.value, c.options);
}

/** The session of an action with the user's role and areas, or `UnauthorizedError`. */
export async function actionContext(): Promise<ActionContext> {
  const auth = await getAuth();
  const request = await currentAuthRequest();
  const { value: user, cookies: refreshed } = await currentUser(auth, request);
  if (!user) throw new UnauthorizedError();
  const actor = await actorOf(auth.db, user);
  // Cookies the sign-in adapter refreshed (Supabase) are written, or the session lapses.
  await applyCookies(refreshed);
  return { ...auth, user, actor, request };
}

function failure(error: unknown): ActionResult<never> {
  if (isDatabaseUnavailable(error)) error = new DatabaseUnavailableError();
  if (isDomainError(error)) return { ok: false, error: error.message, fieldErrors: error.fieldErrors };
  // Next's redirect()/notFound() (and its other control-flow errors) travel as errors and must keep going.
  unstable_rethrow(error);
  console.error(error);
  return {
    ok: false,
    error: 'L’opération a échoué à cause d’une erreur du serveur. Réessayez ; si cela persiste, contactez l’administrateur du site.',
  };
}

/**
 * A write's answer carries the screen's new server data (Next's `refresh()`), so the browser shows
 * the result and the page as of this write together. A refresh the browser asked for afterwards could
 * come back after the next action's answer and show the page as it was before that action (CI saw a
 * submitted note shown as a draft again). Outside a Server Action (tests, route handlers) there is no
 * screen to refresh and `refresh()` refuses: nothing to do.
 */
function refreshScreen() {
  try {
    refresh();
  } catch {
    // Not in a Server Action.
  }
}

/** An admin action taking a plain object: `(input) => Promise<ActionResult<T>>`. */
export function adminAction<S extends z.ZodType, T>(
  schema: S,
  handler: (input: z.infer<S>, ctx: ActionContext) => Promise<T>,
  options: Options<z.infer<S>, T>,
): Guarded<(input: unknown) => Promise<ActionResult<T>>> {
  const action = async (input: unknown): Promise<ActionResult<T>> => {
    try {
      const ctx = await actionContext();
      // A fixed need is checked before the input is even read.
      if (typeof options.access !== 'function') await enforce(options.access, undefined, ctx);
      const parsed = parseOrThrow(schema, input);
      if (typeof options.access === 'function') await enforce(options.access, parsed, ctx);
      const { value: data, invalidated } = await watchingInvalidations(() => handler(parsed, ctx));
      const entry = options.audit?.(parsed, data, ctx);
      if (entry) await writeAudit(ctx.db, { ...entry, user: ctx.user, ip: ctx.request.ip });
      const message = typeof options.success === 'function' ? options.success(data) : options.success;
      // A write that invalidated tags (`revalidateTag`) has already made its answer refresh the screen
      // and every cached page; `refresh()` would lower that to the screen's dynamic data only.
      if (!invalidated) refreshScreen();
      return { ok: true, data, ...(message ? { message } : {}) };
    } catch (error) {
      return failure(error);
    }
  };
  return Object.assign(action, { access: options.access as AccessRule<never, never> });
}

/**
 * Form fields as a plain object: empty strings dropped, repeated names become arrays. An English
 * field (`en.title`) is kept even empty: it clears its translation, while a form that has no such
 * field leaves the stored one as it is (lib/content/schemas/translations.ts). `keepBlank`: every
 * empty field is kept, for writes that change only the fields sent (a blank one clears its field).
 */
export function formDataToObject(form: FormData, { keepBlank = false }: { keepBlank?: boolean } = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    if (key.startsWith('$ACTION')) continue;
    if (typeof value === 'string' && value === '' && !keepBlank && !key.startsWith(englishPrefix)) continue;
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/** The same, for `useActionState` forms: `(previous, formData) => Promise<ActionResult<T>>`. */
export function adminFormAction<S extends z.ZodType, T>(
  schema: S,
  handler: (input: z.infer<S>, ctx: ActionContext) => Promise<T>,
  options: Options<z.infer<S>, T> & { keepBlank?: boolean },
): Guarded<(previous: ActionResult<T> | null, form: FormData) => Promise<ActionResult<T>>> {
  const action = adminAction(schema, handler, options);
  const read = { keepBlank: options.keepBlank ?? false };
  return Object.assign(async (_previous: ActionResult<T> | null, form: FormData) => action(formDataToObject(form, read)), {
    access: action.access,
  });
}
