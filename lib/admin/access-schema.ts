/** The form of an account's role and areas, checked against the area registry (users screen, user creation). */
import { z } from 'zod';
import { roles } from '@/lib/auth/roles';
import { areas } from '@/lib/content/areas';

const areaSlugs = new Set<string>(areas.map((a) => a.slug));

export const accessChangeSchema = z.object({
  userId: z.uuid({ message: 'Compte inconnu : rechargez la liste.' }),
  role: z.enum(roles, { message: 'Choisissez un rôle : Administrateur, Responsable de publication ou Rédacteur.' }),
  // A form sends one checked box as a string, several as an array, none at all.
  areas: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .refine((list) => list.length <= areaSlugs.size && list.every((slug) => areaSlugs.has(slug)), 'Rubrique inconnue : rechargez la page.'),
});
