'use server';
// Second factors (issue 40): one's own (need `secure` — the one thing an account the policy asks to
// enrol may do), and the administrators' policy and reset. Each goes through adminAction; the
// secret and the recovery codes go back to their owner's screen only, never into the journal.
import { z } from 'zod';
import { adminAction, adminFormAction, applyCookies, type ActionContext } from '@/lib/admin/action';
import { needs } from '@/lib/admin/access';
import { beginTotp, confirmTotp, disableTotp, qrSvgOf, renewRecoveryCodes, resetFactors } from '@/lib/auth/mfa/factors';
import { beginPasskeyRegistration, finishPasskeyRegistration, removePasskey } from '@/lib/auth/mfa/passkeys';
import { mfaPolicies, mfaPolicyLabels, setMfaPolicy } from '@/lib/auth/mfa/policy';
import { currentRelyingParty } from '@/lib/auth/session';
import { getSiteIdentity } from '@/lib/content/queries/site';
import { ValidationError } from '@/lib/errors';

/** The journal entry of a change to one's own factors (never a secret nor a code in it). */
const ownEntry =
  <I, T>(action: string, summary: (data: T) => string) =>
  (_input: I, data: T, ctx: { user: { id: string } }) => ({ action, entityType: 'user', entityId: ctx.user.id, summary: summary(data) });

const code = z
  .string({ message: 'Saisissez le code à 6 chiffres de votre application.' })
  .trim()
  .min(1, 'Saisissez le code à 6 chiffres de votre application.')
  .max(40, 'Code trop long.');

/**
 * In supabase mode the app is Supabase's own (lib/auth/supabase.ts `providerTotp`): the same three
 * actions ask Supabase, which checks every code, and write the aal2 session it answers. Same entry
 * points, same rule, whichever mode keeps the factor.
 */
const providerTotpOf = (ctx: ActionContext) => ctx.adapter.providerTotp ?? null;

/** A new secret for one's authenticator app (QR code and text), unconfirmed until `confirmTotpAction`. */
export const beginTotpAction = adminAction(
  z.object({}),
  async (_input, ctx): Promise<{ secret: string; qrSvg: string; factorId?: string }> => {
    const identity = await getSiteIdentity(ctx.db);
    // The name the authenticator app shows beside the code.
    const issuer = identity?.acronym || 'Administration';
    const provider = providerTotpOf(ctx);
    if (!provider) return beginTotp(ctx.db, ctx.user, issuer);
    const setup = await provider.begin(ctx.request, issuer);
    // The QR code is drawn here from Supabase's otpauth:// address, not Supabase's own SVG injected as is.
    return { factorId: setup.factorId, secret: setup.secret, qrSvg: await qrSvgOf(setup.uri) };
  },
  { access: needs.secure },
);

export const confirmTotpAction = adminFormAction(
  z.object({ code, factorId: z.string().min(1).max(100).optional() }),
  async ({ code, factorId }, ctx): Promise<string[]> => {
    const provider = providerTotpOf(ctx);
    if (!provider) return confirmTotp(ctx.db, ctx.user.id, code);
    if (!factorId) throw new ValidationError('Cette configuration a expiré : recommencez-la.');
    // Supabase answers an aal2 session: its cookies replace the aal1 ones, or the next request would be refused.
    await applyCookies((await provider.confirm(ctx.request, factorId, code)).cookies);
    return [];
  },
  {
    access: needs.secure,
    audit: (_input, _data, ctx) => ({
      action: 'user.mfa_enable',
      entityType: 'user',
      entityId: ctx.user.id,
      summary: providerTotpOf(ctx)
        ? 'Application d’authentification activée (Supabase)'
        : 'Application d’authentification activée (10 codes de secours créés)',
    }),
    success: (codes) =>
      codes.length > 0
        ? 'Application d’authentification activée. Conservez vos codes de secours.'
        : 'Application d’authentification activée : son code vous sera demandé après votre mot de passe.',
  },
);

export const disableTotpAction = adminFormAction(
  z.object({ code }),
  async ({ code }, ctx) => {
    const provider = providerTotpOf(ctx);
    if (!provider) return disableTotp(ctx.db, ctx.user.id, code);
    await applyCookies((await provider.disable(ctx.request, code)).cookies);
  },
  {
    access: needs.secure,
    audit: ownEntry('user.mfa_disable', () => 'Application d’authentification désactivée'),
    success: 'Application d’authentification désactivée.',
  },
);

/** Ten new recovery codes, the old ones void: only with a current code of the app. */
export const newRecoveryCodesAction = adminFormAction(
  z.object({ code }),
  ({ code }, ctx) => renewRecoveryCodes(ctx.db, ctx.user.id, code),
  {
    access: needs.secure,
    audit: ownEntry('user.mfa_recovery_codes', () => 'Nouveaux codes de secours créés (les anciens ne valent plus)'),
    success: 'Nouveaux codes de secours créés : les anciens ne valent plus.',
  },
);

/** WebAuthn options for one's next passkey. */
export const beginPasskeyAction = adminAction(
  z.object({}),
  async (_input, ctx) => beginPasskeyRegistration(ctx.db, await currentRelyingParty(), ctx.user),
  { access: needs.secure },
);

export const finishPasskeyAction = adminAction(
  z.object({
    token: z.string().min(1).max(200),
    name: z
      .string()
      .trim()
      .min(1, 'Donnez un nom à cette clé (ex. « Ordinateur du bureau »).')
      .max(80, 'Nom trop long (80 caractères au plus).'),
    response: z.record(z.string(), z.unknown()),
  }),
  async (input, ctx) => finishPasskeyRegistration(ctx.db, await currentRelyingParty(), ctx.user.id, input),
  {
    access: needs.secure,
    audit: ownEntry('user.passkey_add', (key: { name: string }) => `Clé d’accès ajoutée : ${key.name}`),
    success: (key) => `Clé d’accès « ${key.name} » enregistrée.`,
  },
);

export const removePasskeyAction = adminAction(
  z.object({ id: z.uuid({ message: 'Clé d’accès inconnue.' }) }),
  ({ id }, ctx) => removePasskey(ctx.db, ctx.user.id, id),
  {
    access: needs.secure,
    audit: ownEntry('user.passkey_remove', (key: { name: string }) => `Clé d’accès supprimée : ${key.name}`),
    success: (key) => `Clé d’accès « ${key.name} » supprimée.`,
  },
);

/** An administrator resets another account's factors (a lost phone); the account enrols again. */
export const resetFactorsAction = adminAction(
  z.object({ userId: z.uuid({ message: 'Compte inconnu.' }), name: z.string().max(200).optional() }),
  async ({ userId }, ctx) => {
    // Supabase's factors first (supabase mode): if it cannot be reached, nothing here has changed.
    const provider = (await providerTotpOf(ctx)?.reset(userId)) ?? { removed: false };
    const local = await resetFactors(ctx.db, userId);
    return { removed: provider.removed || local.removed };
  },
  {
    access: needs.security,
    audit: ({ userId, name }) => ({
      action: 'user.mfa_reset',
      entityType: 'user',
      entityId: userId,
      summary: `Second facteur réinitialisé${name ? ` : ${name}` : ''} (application, codes de secours et clés d’accès retirés)`,
    }),
    success: (r) =>
      r.removed ? 'Second facteur réinitialisé : le compte devra en enregistrer un nouveau.' : 'Ce compte n’avait aucun second facteur.',
  },
);

/** The institute's policy (lib/auth/mfa/policy.ts writes its audit entry). */
export const setMfaPolicyAction = adminFormAction(
  z.object({ policy: z.enum(mfaPolicies, { message: 'Choisissez une règle du second facteur.' }) }),
  async ({ policy }, ctx) => {
    await setMfaPolicy(ctx.db, { policy, user: ctx.user, ip: ctx.request.ip });
    return policy;
  },
  { access: needs.security, success: (policy) => `Règle enregistrée : ${mfaPolicyLabels[policy]}.` },
);
