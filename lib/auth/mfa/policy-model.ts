/** The second-factor policy's values and words, safe for the browser (the users screen's form). */
import type { Role } from '@/lib/auth/roles';

export const mfaPolicies = ['off', 'publishers', 'everyone'] as const;
export type MfaPolicy = (typeof mfaPolicies)[number];

/** The French words of each policy (the users screen and the journal). */
export const mfaPolicyLabels: Record<MfaPolicy, string> = {
  off: 'Second facteur facultatif pour tous les comptes',
  publishers: 'Second facteur obligatoire pour les Administrateurs et les Responsables de publication',
  everyone: 'Second facteur obligatoire pour tous les comptes',
};

/** Whether the policy asks an account of this role for a second factor. */
export const policyCovers = (policy: MfaPolicy, role: Role): boolean =>
  policy === 'everyone' || (policy === 'publishers' && (role === 'admin' || role === 'publisher'));
