/** The user API's bodies, shared by the route handlers, the admin forms and the CLI. */
import { z } from 'zod';
import { CURRENT_PASSWORD_NEEDED } from './messages';
import { passwordSchema } from './password';

const email = z
  .string({ message: 'Saisissez une adresse e-mail.' })
  .trim()
  .max(320, 'Adresse e-mail trop longue.')
  .pipe(z.email({ message: 'Saisissez une adresse e-mail valide (ex. prenom.nom@institut.example).' }));

const name = z
  .string({ message: 'Saisissez un nom.' })
  .trim()
  .min(1, 'Saisissez un nom.')
  .max(120, 'Le nom ne peut pas dépasser 120 caractères.')
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'Le nom contient des caractères invisibles : retapez-le.');

export const loginSchema = z.object({
  email,
  // The policy applies when a password is set, not when one is typed to sign in.
  password: z
    .string({ message: 'Saisissez votre mot de passe.' })
    .min(1, 'Saisissez votre mot de passe.')
    .max(256, 'Mot de passe trop long.'),
});

export const createUserSchema = z.object({ email, name, password: passwordSchema });

export const profileSchema = z
  .object({
    name: name.optional(),
    email: email.optional(),
    password: passwordSchema.optional(),
    currentPassword: z.string().max(256).optional(),
  })
  .refine((v) => v.name !== undefined || v.email !== undefined || v.password !== undefined, {
    message: 'Rien à modifier : indiquez un nom, une adresse e-mail ou un nouveau mot de passe.',
  })
  // A changed email also needs it; only the adapter knows whether the email changes.
  .refine((v) => v.password === undefined || !!v.currentPassword, {
    path: ['currentPassword'],
    message: CURRENT_PASSWORD_NEEDED,
  });

export const setActiveSchema = z.object({
  userId: z.uuid({ message: 'Compte inconnu.' }),
  active: z.boolean(),
});

/** The second call of a sign-in (issue 40): the step's token and a code, or a passkey's answer. */
export const secondStepSchema = z
  .object({
    mfaToken: z.string({ message: 'Étape de connexion inconnue.' }).min(1).max(200),
    code: z
      .string({ message: 'Saisissez le code de votre application.' })
      .trim()
      .min(1, 'Saisissez le code de votre application ou un code de secours.')
      .max(40, 'Code trop long.')
      .optional(),
    passkey: z.record(z.string(), z.unknown()).optional(),
  })
  .refine((v) => v.code !== undefined || v.passkey !== undefined, {
    path: ['code'],
    message: 'Saisissez le code de votre application ou un code de secours.',
  });

/** A password-less sign-in with a passkey: the options' token and the browser's answer. */
export const passkeySignInSchema = z.object({
  passkeyToken: z.string({ message: 'Étape de connexion inconnue.' }).min(1).max(200),
  passkey: z.record(z.string(), z.unknown()),
});
