'use server';
// Account management actions; each goes through adminAction (session, validation, errors).
import { z } from 'zod';
import { adminAction, adminFormAction, applyCookies } from '@/lib/admin/action';
import { createAccountAs, setAccountActive, updateOwnProfile } from '@/lib/auth/service';
import { createUserSchema } from '@/lib/auth/schemas';

// The audit entries are written by lib/auth/service.ts, which the user API shares.
export const createUserAction = adminFormAction(
  createUserSchema,
  (input, ctx) => createAccountAs(ctx, ctx.request, ctx.user, input),
  { success: (user) => `Compte créé pour ${user.name}.` },
);

export const setUserActiveAction = adminAction(
  z.object({ userId: z.uuid({ message: 'Compte inconnu.' }), active: z.boolean() }),
  (input, ctx) => setAccountActive(ctx, ctx.request, ctx.user, input),
  { success: (user) => (user.active ? `Compte de ${user.name} réactivé.` : `Compte de ${user.name} désactivé : ses sessions sont fermées.`) },
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
  { success: 'Profil enregistré.' },
);
