/** JSON responses of the route handlers, and the one place domain errors become HTTP statuses. */
import { unstable_rethrow } from 'next/navigation';
import { NextResponse } from 'next/server';
import type { CookieToSet } from './cookies';
import { isDatabaseUnavailable } from '@/lib/db/unavailable';
import { DatabaseUnavailableError, DomainError, RateLimitedError, SecondFactorRequiredError, ValidationError } from '@/lib/errors';

const NO_STORE = { 'Cache-Control': 'no-store' };

export function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}) {
  return Response.json(body, { status: init.status ?? 200, headers: { ...NO_STORE, ...init.headers } });
}

/** The response with these cookies written on it (a session the sign-in adapter refreshed, say). */
export function withCookies(response: Response, cookies: CookieToSet[]): Response {
  if (cookies.length === 0) return response;
  const out = new NextResponse(response.body, response);
  for (const c of cookies) out.cookies.set(c.name, c.value, c.options);
  return out;
}

/**
 * A domain error's status and French message; anything else is logged and answered 500 without
 * details. Next's own control-flow errors (a redirect, the end of a build-time prerender of a
 * per-request handler) are rethrown for Next to handle, never logged as failures.
 */
export function errorResponse(error: unknown): Response {
  unstable_rethrow(error);
  if (isDatabaseUnavailable(error)) error = new DatabaseUnavailableError();
  if (error instanceof DomainError) {
    const headers: Record<string, string> = {};
    if (error instanceof RateLimitedError) headers['Retry-After'] = String(error.retryAfterSeconds);
    return json(
      {
        error: error.message,
        ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
        ...(error instanceof SecondFactorRequiredError ? error.step : {}),
      },
      { status: error.status, headers },
    );
  }
  console.error(error);
  return json(
    { error: 'Erreur interne du serveur. Réessayez ; si le problème persiste, contactez l’administrateur du site.' },
    { status: 500 },
  );
}

/** Reads a JSON body of at most `maxBytes`, or throws a French `ValidationError`. */
export async function readJson(request: Request, maxBytes = 64 * 1024): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new ValidationError('Envoyez les données au format JSON (en-tête Content-Type: application/json).');
  }
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new ValidationError('Requête trop volumineuse.');
  const text = await request.text();
  if (text.length > maxBytes) throw new ValidationError('Requête trop volumineuse.');
  try {
    return JSON.parse(text);
  } catch {
    throw new ValidationError('Corps de requête JSON invalide : vérifiez sa syntaxe.');
  }
}

/**
 * Reads a multipart upload's form and its non-empty `file` field, or throws a French
 * `ValidationError`: `missing` says which file to choose. The size answers stay the caller's.
 */
export async function readUpload(request: Request, missing: string): Promise<{ form: FormData; file: File }> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new ValidationError('Envoi illisible : choisissez à nouveau le fichier et réessayez.');
  }
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) throw new ValidationError(missing);
  return { form, file };
}
