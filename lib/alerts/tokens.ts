/**
 * Tokens of the alerts' links: 32 random bytes (base64url), unguessable; only their SHA-256 is
 * stored, so a copy of the database does not give anyone's links.
 */
import { createHash, randomBytes } from 'node:crypto';

/** A new token for a link. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a token. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A token as links carry it; anything else is refused before the database is asked. */
export const tokenShape = /^[A-Za-z0-9_-]{43}$/;

/** Hash of an address, for the rate limit (the address itself is never kept there). */
export const hashEmail = (email: string): string => createHash('sha256').update(`alerts:${email}`).digest('hex');
