'use server';
// Account management actions; each goes through adminAction (session, role, validation, errors).
// Accounts and roles are the administrators'; one's own profile is everyone's.
import { z } from 'zod';
import { adminAction, adminFormAction, applyCookies } from '@/lib/admin/action';
import { needs } from '@/lib/admin/access';
import { accessChangeSchema } from '@/lib/admin/access-schema';
import { createAccountAs, setAccountActive, updateOwnProfile } from '@/lib/auth/service';
import { setAccountAccess } from '@/lib/auth/roles';
import { createUserSchema } from '@/lib/auth/schemas';
import { setSelfApproval } from '@/lib/review/settings';

// The audit entries are written by lib/auth/service.ts, which the user API shares, and lib/auth/roles.ts.
export const createUserAction = adminFormAction(
  createUserSchema.extend(accessChangeSchema.omit({ userId: true }).partial().shape),
  async ({ role, areas, ...input }, ctx) => {
    const user = await createAccountAs(ctx, ctx.request, ctx.user, input);
    // Least power unless the administrator chose otherwise here.
    if (role)
      await setAccountAccess(ctx.db, { actor: ctx.user, ip: ctx.request.ip, change: { userId: user.id, role, areas: areas ?? [] } });
    return user;
  },
  { access: needs.users, success: (user) => `Compte créé pour ${user.name}.` },
);

export const setUserActiveAction = adminAction(
  z.object({ userId: z.uuid({ message: 'Compte inconnu.' }), active: z.boolean() }),
  (input, ctx) => setAccountActive(ctx, ctx.request, ctx.user, input),
  {
    access: needs.users,
    success: (user) => (user.active ? `Compte de ${user.name} réactivé.` : `Compte de ${user.name} désactivé : ses sessions sont fermées.`),
  },
);

/** An account's role and areas (the users screen's form for one account). */
export const setUserAccessAction = adminFormAction(
  accessChangeSchema,
  (change, ctx) => setAccountAccess(ctx.db, { actor: ctx.user, ip: ctx.request.ip, change }),
  { access: needs.users, success: (r) => (r.changed ? `Rôle de ${r.name} enregistré.` : 'Aucune modification à enregistrer.') },
);

/** Self-approval for a small team (lib/review/settings.ts): an administrator's setting, audited. */
export const setSelfApprovalAction = adminFormAction(
  // A ticked box sends « on »; an unticked one sends nothing: off.
  z.object({ selfApproval: z.literal('on', { message: 'Choisissez si l’auto-approbation est permise.' }).optional() }),
  async ({ selfApproval }, ctx) => {
    await setSelfApproval(ctx.db, { allowed: selfApproval === 'on', user: ctx.user, ip: ctx.request.ip });
    return selfApproval === 'on';
  },
  {
    access: { ...needs.users, what: 'changer les règles de relecture' },
    success: (on) =>
      on
        ? 'Auto-approbation activée : le dernier rédacteur peut approuver son propre travail.'
        : 'Auto-approbation désactivée : une seconde personne approuve ce qui part en ligne.',
  },
);

const profileFormSchema = z
  .object({
    name: z.string().optional(),
    email: z.string().optional(),
    currentPassword: z.string().optional(),
    password: z.string().optional(),
    passwordConfirm: z.string().optional(),
  })
  .refine((v) => v.password === undefined || v.password === v.passwordConfirm, {
    path: ['passwordConfirm'],
    message: 'Les deux saisies du nouveau mot de passe ne sont pas identiques.',
  })
  // The service validates the rest with the API's profile schema.
  .transform((v) => ({ name: v.name, email: v.email, currentPassword: v.currentPassword, password: v.password }));

export const updateProfileAction = adminFormAction(
  profileFormSchema,
  async (input, ctx) => {
    const result = await updateOwnProfile(ctx, ctx.request, ctx.user, input);
    await applyCookies(result.cookies);
    return result.value;
  },
  { access: needs.read, success: 'Profil enregistré.' },
);
