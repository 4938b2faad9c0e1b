/**
 * Password hashing with Node's scrypt at OWASP's parameters (N=2^17, r=8, p=1: 128 MiB, memory-hard)
 * and the password policy (NIST 800-63B: 12–256 characters, no composition rules, common ones refused).
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { z } from 'zod';
import { isCommonPassword } from './common-passwords';

const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64url); the parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Constant-time check of a password against a stored hash. False for any malformed hash. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$');
  if (!parts || parts.length !== 6 || parts[0] !== 'scrypt') {
    // Spend the same time as a real check, so an unknown account is not told apart by timing.
    await derive(password, randomBytes(16), PARAMS);
    return false;
  }
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A stored hash made with weaker parameters than today's should be replaced at next sign-in. */
export const needsRehash = (stored: string) => !stored.startsWith(`scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$`);

/** The password rule, shared by the API, the forms and the CLI. */
export const passwordSchema = z
  .string({ message: 'Saisissez un mot de passe.' })
  .min(12, 'Le mot de passe doit compter au moins 12 caractères (une phrase de passe convient bien).')
  .max(256, 'Le mot de passe ne peut pas dépasser 256 caractères.')
  .refine(
    (v) => !isCommonPassword(v),
    'Ce mot de passe est trop courant : choisissez-en un autre, par exemple une phrase de plusieurs mots.',
  );
