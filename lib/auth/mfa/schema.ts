/**
 * Second factors of the embedded sign-in mode (issue 40): one TOTP per account (its secret
 * encrypted at rest, lib/auth/mfa/secret-box.ts), its single-use recovery codes (hashed), passkeys
 * (several per account, named), and the short-lived step between the password and the second factor.
 */
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '@/lib/db/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An account's authenticator app. Unconfirmed (`confirmedAt` null) until a first code proves the app has it. */
export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** AES-256-GCM of the base32 secret: `v1.<iv>.<tag>.<ciphertext>`, base64url. Never in clear, never logged. */
  secretEnc: text('secret_enc').notNull(),
  confirmedAt: ts('confirmed_at'),
  /** The last accepted time step: a code of this step or an earlier one is refused (no code twice). */
  lastStep: integer('last_step'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Ten single-use codes given once at enrolment, stored as SHA-256 of the normalized code. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** A WebAuthn credential (passkey) of an account. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential's id, base64url (what the browser sends back). */
    credentialId: text('credential_id').notNull(),
    /** COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports').array(),
    /** Given by its owner (« Clé du bureau »), shown in the profile. */
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [uniqueIndex('passkeys_credential_key').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * A pending step: after a right password (`purpose` `sign_in`, the token given to the client), or
 * a WebAuthn ceremony's challenge (`passkey_register`, `passkey_sign_in`). Stored hashed, minutes long.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    /** Null for a password-less passkey sign-in, whose account is known only from the credential. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    /** The WebAuthn challenge, when there is one. */
    challenge: text('challenge'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('mfa_challenges_token_key').on(t.tokenHash)],
);
