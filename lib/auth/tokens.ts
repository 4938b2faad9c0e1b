import { createHash, randomBytes } from 'node:crypto';

/** A new session token: 256 random bits, base64url. */
export const newSessionToken = () => randomBytes(32).toString('base64url');

/** What is stored for a token: its SHA-256 (a leaked table gives no usable token). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Idle and absolute session lifetimes. */
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
