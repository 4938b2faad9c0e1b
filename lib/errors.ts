/**
 * Typed domain errors. `lib/` throws them with a French message a user can act on; route handlers
 * and the admin action wrapper turn them into an HTTP status or a form result in one place
 * (`httpStatusOf`, lib/http/responses.ts, lib/admin/action.ts).
 */

export type FieldErrors = Record<string, string[]>;

export class DomainError extends Error {
  readonly status: number = 400;
  constructor(
    message: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Input that does not pass validation (400). */
export class ValidationError extends DomainError {
  override readonly status = 400;
}

/** No session, or an expired one (401). */
export class UnauthorizedError extends DomainError {
  override readonly status = 401;
  constructor(message = 'Vous devez être connecté pour faire cela. Reconnectez-vous.') {
    super(message);
  }
}

/** Wrong email/password pair, or a wrong current password (401). One message for every case. */
export class InvalidCredentialsError extends DomainError {
  override readonly status = 401;
}

/**
 * A right password on an account with a second factor (401): no session yet. `step` goes into the
 * answer's body — the short-lived token of the second call and the methods the account has.
 */
export class SecondFactorRequiredError extends DomainError {
  override readonly status = 401;
  constructor(
    message: string,
    readonly step: { mfaRequired: true; mfaToken: string; methods: string[]; expiresIn: number },
  ) {
    super(message);
  }
}

/** Connected but not allowed (403). */
export class ForbiddenError extends DomainError {
  override readonly status = 403;
}

export class NotFoundError extends DomainError {
  override readonly status = 404;
}

/** Someone else changed the same thing, or the value already exists (409). */
export class ConflictError extends DomainError {
  override readonly status = 409;
}

/** Too many attempts (429); `retryAfterSeconds` goes into `Retry-After`. */
export class RateLimitedError extends DomainError {
  override readonly status = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** An external service (Supabase, upstream user API) failed or is unreachable (502). */
export class UpstreamError extends DomainError {
  override readonly status = 502;
}

/** The database cannot be reached (503): nothing was read or written; trying again later works. */
export class DatabaseUnavailableError extends DomainError {
  override readonly status = 503;
  constructor(message = 'La base de données est momentanément injoignable : rien n’a été enregistré. Réessayez dans un instant.') {
    super(message);
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;
