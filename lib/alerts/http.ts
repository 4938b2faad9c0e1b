/**
 * The alerts' route handlers, as functions of a `Request` (the routes under app/api/alertes pass
 * the database and the client's address). Forms post here without JavaScript and are answered
 * with a 303 to the page that says what happened (in the form's language); RFC 8058's one-click
 * POST is answered 200. Bad input changes nothing and is said on the page, never as a 500.
 */
import { alertPaths } from '@/lib/content/addresses';
import type { Db } from '@/lib/db/open';
import { RateLimitedError } from '@/lib/errors';
import type { Locale } from '@/lib/i18n/locales';
import { localePath } from '@/lib/i18n/paths';
import { confirmSubscription, formInput, manageSchema, subscribeSchema, subscribe, unsubscribe, updatePreferences } from './subscriptions';
import { tokenShape } from './tokens';

/** Largest form body accepted (the forms are a few hundred bytes). */
const MAX_BODY = 16 * 1024;

export type AlertDeps = { db: Db; ip?: string | null; now?: Date };

const noStore = { 'Cache-Control': 'no-store' };

function see(path: string, params: Record<string, string | string[] | undefined>): Response {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) query.append(k, one);
  const q = query.toString();
  return new Response(null, { status: 303, headers: { Location: q ? `${path}?${q}` : path, ...noStore } });
}

const text = (body: string, status = 200) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...noStore } });

/** The form of a POST, or null when the body is not a form (or too large). */
async function readForm(request: Request): Promise<FormData | null> {
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_BODY) return null;
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

const localeOf = (value: unknown): Locale => (value === 'en' ? 'en' : 'fr');
const field = (form: FormData | null, name: string) => {
  const v = form?.get(name);
  return typeof v === 'string' ? v : undefined;
};

/** `POST /api/alertes`: a subscription request. */
export async function handleSubscribe(request: Request, deps: AlertDeps): Promise<Response> {
  const form = await readForm(request);
  const raw = form ? formInput(form) : {};
  const locale = localeOf(raw.locale);
  const page = localePath(locale, alertPaths.subscribe);
  if (!form) return see(page, { erreur: 'formulaire' });
  // A field people never see nor fill: a robot filling every field is answered as anyone, and nothing happens.
  if (field(form, 'site')) return see(page, { envoye: '1' });
  const parsed = subscribeSchema(locale).safeParse(raw);
  if (!parsed.success) {
    const first = String(parsed.error.issues[0]?.path[0] ?? 'email');
    const chosen = Array.isArray(raw.areas) ? (raw.areas as string[]).filter((a) => /^[a-z_]{1,40}$/.test(a)).slice(0, 30) : [];
    return see(page, {
      erreur: ['email', 'areas', 'topic'].includes(first) ? first : 'email',
      areas: chosen,
      topic: String(raw.topic ?? ''),
    });
  }
  try {
    await subscribe(deps.db, parsed.data, { ip: deps.ip ?? null, now: deps.now });
  } catch (error) {
    if (error instanceof RateLimitedError) return see(page, { erreur: 'trop' });
    throw error;
  }
  return see(page, { envoye: '1' });
}

/** `POST /api/alertes/confirmation`: the confirmation page's button. */
export async function handleConfirm(request: Request, deps: AlertDeps): Promise<Response> {
  const form = await readForm(request);
  const locale = localeOf(field(form, 'locale'));
  const result = await confirmSubscription(deps.db, field(form, 'jeton') ?? '', deps.now);
  return see(localePath(locale, alertPaths.confirm), { resultat: result });
}

/**
 * `GET /api/alertes/desabonnement?jeton=…`: the `List-Unsubscribe` address opened in a browser
 * (older mail clients): the page with its button (a GET never unsubscribes: link checkers open them).
 */
export function handleUnsubscribeGet(request: Request): Response {
  const url = new URL(request.url);
  const token = url.searchParams.get('jeton') ?? '';
  return see(localePath(localeOf(url.searchParams.get('langue')), alertPaths.unsubscribe), {
    jeton: tokenShape.test(token) ? token : undefined,
  });
}

/**
 * `POST /api/alertes/desabonnement?jeton=…`: RFC 8058 one-click (`List-Unsubscribe=One-Click` in the
 * body, answered 200), or the page's button (answered with the page).
 */
export async function handleUnsubscribePost(request: Request, deps: AlertDeps): Promise<Response> {
  const url = new URL(request.url);
  const form = await readForm(request);
  const token = url.searchParams.get('jeton') ?? field(form, 'jeton') ?? '';
  if (field(form, 'List-Unsubscribe') === 'One-Click') {
    await unsubscribe(deps.db, token);
    return text('Désabonnement effectué. / Unsubscribed.');
  }
  const done = await unsubscribe(deps.db, token);
  return see(localePath(localeOf(field(form, 'locale')), alertPaths.unsubscribe), { resultat: done ? 'ok' : 'inconnu' });
}

/** `POST /api/alertes/gerer`: new preferences through a message's link. */
export async function handleManage(request: Request, deps: AlertDeps): Promise<Response> {
  const form = await readForm(request);
  const locale = localeOf(field(form, 'locale'));
  const page = localePath(locale, alertPaths.manage);
  const token = field(form, 'jeton') ?? '';
  if (!form || !tokenShape.test(token)) return see(page, { resultat: 'inconnu' });
  // `locale` is the page's language (where to answer); `language`, the messages' (what to save).
  const parsed = manageSchema(locale).safeParse({ ...formInput(form), locale: field(form, 'language') ?? locale });
  if (!parsed.success) return see(page, { jeton: token, erreur: String(parsed.error.issues[0]?.path[0] ?? 'areas') });
  const saved = await updatePreferences(deps.db, token, parsed.data, deps.now);
  return see(page, saved ? { jeton: token, resultat: 'enregistre' } : { resultat: 'inconnu' });
}
