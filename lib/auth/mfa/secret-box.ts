/**
 * Encryption at rest of second-factor secrets (AES-256-GCM). The key is MFA_ENCRYPTION_KEY (32
 * bytes, base64, checked by lib/env.ts at start-up); without it, a random key is generated once in
 * DATA_DIR/secrets/mfa.key (mode 600) — enough for one server and for the demo, dev and tests,
 * whose data directory holds the database too. Several instances sharing one Postgres must set the
 * variable: each would otherwise make its own key and read nothing the others wrote.
 *
 * The key lives beside the database only in that default; a backup of DATA_DIR then carries both,
 * which is why an installation that ships its backups elsewhere should set the variable.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { dataDir, env } from '@/lib/env';

const VERSION = 'v1';
let cached: Buffer | null = null;

/** The key file of the default: created once, never overwritten (a lost key makes every TOTP unreadable). */
function keyFromDataDir(): Buffer {
  const file = path.join(dataDir, 'secrets', 'mfa.key');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    // `wx`: two processes starting at once keep the first key written.
    fs.writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
}

function key(): Buffer {
  cached ??= env.MFA_ENCRYPTION_KEY ? Buffer.from(env.MFA_ENCRYPTION_KEY, 'base64') : keyFromDataDir();
  if (cached.length !== 32) throw new Error('Clé de chiffrement des seconds facteurs invalide : 32 octets attendus (MFA_ENCRYPTION_KEY).');
  return cached;
}

/** Encrypts a secret: `v1.<iv>.<tag>.<ciphertext>` (base64url), a fresh IV each time. */
export function sealSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** Decrypts what `sealSecret` wrote; a changed key or a tampered value throws a French error. */
export function openSecret(sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Secret de second facteur illisible (format inconnu).');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new Error(
      'Secret de second facteur indéchiffrable : la clé MFA_ENCRYPTION_KEY (ou DATA_DIR/secrets/mfa.key) a changé depuis son enregistrement.',
    );
  }
}
