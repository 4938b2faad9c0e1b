/**
 * Who may do what in the back-office: the one place that decides. Every admin action, route
 * handler and page states what it needs (`Need`); the wrappers (lib/admin/action.ts,
 * lib/admin/handler.ts) and the pages (`pageActor`) ask `refusal` before anything is read or
 * written, and a refusal is a 403 with a French message naming the role or the area missing.
 *
 * - Administrateur: everything, including accounts, roles, the institute's identity and settings.
 * - Responsable de publication: publishes, withdraws, schedules, deletes for good, in every area.
 * - Rédacteur: writes drafts and uploads files in the areas assigned to them; reads the rest.
 */
import { hasProviderFactor } from '@/lib/auth/assurance';
import { hasSecondFactor } from '@/lib/auth/mfa/factors';
import { mfaPolicy, policyCovers } from '@/lib/auth/mfa/policy';
import { accessOf, roleLabels, type Access, type Role } from '@/lib/auth/roles';
import type { SessionUser } from '@/lib/auth/types';
import { getArea } from '@/lib/content/areas';
import type { Db } from '@/lib/db/open';
import { env } from '@/lib/env';
import { ForbiddenError, UnauthorizedError } from '@/lib/errors';

/**
 * A connected user with their role and areas. `mfaPending`: the institute's policy asks this account
 * for a second factor and it has none yet — it may only enrol one (`secure`) until it does.
 */
export type Actor = SessionUser & Access & { mfaPending?: boolean };

/**
 * What an entry point needs:
 * - `read`: any connected account (the back-office's lists, the file library, one's own profile);
 * - `secure`: one's own second factors — the one thing an account the policy asks to enrol may do;
 * - `edit`: write drafts in these areas (`'any'`: in at least one, e.g. to upload a file);
 * - `publish`: what goes public or leaves the site (publish, withdraw, schedule, delete for good,
 *   a public text saved at once), in these areas;
 * - `administer`: accounts, roles, the identity and the settings.
 * `what` says the action in French, after « ne permet pas de … ».
 */
export type Need =
  | { to: 'read' }
  | { to: 'secure' }
  | { to: 'edit'; areas: readonly string[] | 'any'; what: string }
  | { to: 'publish'; areas?: readonly string[]; what: string }
  | { to: 'administer'; what: string };

const publishers: readonly Role[] = ['admin', 'publisher'];

/** The area's name as the back-office shows it (« Indice des prix à la consommation »), or its slug. */
const areaName = (slug: string) => getArea(slug)?.label ?? slug;

/** « de annuler » → « d’annuler »: French elides « de » before a vowel or a mute h. */
const de = (what: string) => (/^[aeiouyhàâéèêîôû]/i.test(what) ? `d’${what}` : `de ${what}`);

/**
 * The connected user with their role and areas (one query on our `users` table, whatever the
 * sign-in mode), or `UnauthorizedError` for an account gone meanwhile: every wrapper and page starts here.
 */
export async function actorOf(db: Db, user: SessionUser): Promise<Actor> {
  const access = await accessOf(db, user.id);
  if (!access) throw new UnauthorizedError();
  // The embedded mode keeps the factors; in supabase mode they are Supabase's, counted from the
  // session `resolve` checked (lib/auth/assurance.ts); an upstream API enforces its own.
  const covered = env.AUTH_MODE !== 'upstream' && policyCovers(await mfaPolicy(db), access.role);
  const mfaPending = covered && !(env.AUTH_MODE === 'supabase' ? hasProviderFactor(user) : await hasSecondFactor(db, user.id));
  return { ...user, ...access, mfaPending };
}

/** The refusal of everything but enrolment, for an account the policy asks for a second factor. */
export const enrolmentRefusal = (role: Role) =>
  `Votre rôle (${roleLabels[role]}) ne permet pas d’agir sans second facteur : la règle de l’institut l’exige. ` +
  'Activez une application d’authentification ou une clé d’accès (Administration › Second facteur), puis réessayez.';

/** Why `access` may not do what `need` asks (French, names the missing role or area), or null when it may. */
export function refusal(access: Access & { mfaPending?: boolean }, need: Need): string | null {
  const role = roleLabels[access.role];
  if (need.to === 'secure') return null;
  if (access.mfaPending) return enrolmentRefusal(access.role);
  switch (need.to) {
    case 'read':
      return null;
    case 'administer':
      return access.role === 'admin' ? null : `Votre rôle (${role}) ne permet pas ${de(need.what)} : c’est réservé aux administrateurs.`;
    case 'publish':
      return publishers.includes(access.role)
        ? null
        : `Votre rôle (${role}) ne permet pas ${de(need.what)} : il faut être Responsable de publication ou Administrateur.`;
    case 'edit': {
      if (publishers.includes(access.role)) return null;
      if (need.areas === 'any') {
        return access.areas.length > 0
          ? null
          : `Aucune rubrique ne vous est attribuée : vous ne pouvez pas encore ${need.what}. ` +
              'Demandez à un administrateur de vous en attribuer une.';
      }
      const missing = need.areas.filter((a) => !access.areas.includes(a));
      if (missing.length === 0) return null;
      const names = missing.map((a) => `« ${areaName(a)} »`).join(', ');
      return (
        `Vous ne pouvez pas ${need.what} : ${missing.length > 1 ? 'les rubriques' : 'la rubrique'} ${names} ` +
        `ne ${missing.length > 1 ? 'font' : 'fait'} pas partie de vos rubriques (${role}). ` +
        `Demandez à un administrateur de vous ${missing.length > 1 ? 'les' : 'l’'}attribuer.`
      );
    }
  }
}

/** Whether `access` may do what `need` asks (the back-office uses it to hide what a user may not do). */
export const can = (access: Access, need: Need): boolean => refusal(access, need) === null;

/** Throws a French `ForbiddenError` (403) when `access` may not do what `need` asks. */
export function authorize(access: Access, need: Need): void {
  const reason = refusal(access, need);
  if (reason) throw new ForbiddenError(reason);
}

/**
 * What an entry point needs (lib/admin/access.ts): a fixed need, checked before the input is read, or
 * one computed from the validated input (the item's area and status, say), checked before the
 * handler runs. Every need of a list must be met.
 */
export type AccessRule<I, C> = Need | ((input: I, ctx: C) => Need | readonly Need[] | Promise<Need | readonly Need[]>);

/**
 * Checks a rule's needs; throws the French `ForbiddenError` of the first one not met. A rule that
 * needs nothing (a bulk change of ids that no longer exist) still needs what a read does: an
 * account the second-factor policy holds at enrolment is refused even then.
 */
export async function enforce<I, C extends { actor: Actor }>(rule: AccessRule<I, C>, input: I, ctx: C): Promise<void> {
  const needs = typeof rule === 'function' ? await rule(input, ctx) : rule;
  const list: readonly Need[] = Array.isArray(needs) ? needs : [needs as Need];
  for (const need of list.length > 0 ? list : [{ to: 'read' } as const]) authorize(ctx.actor, need);
}

/** A function built by a wrapper carries its rule, so a test can list every entry point and its rule. */
export type Guarded<F> = F & { access: AccessRule<never, never> };

const editDraft = (areas: readonly string[]): Need => ({ to: 'edit', areas, what: 'modifier un brouillon de cette rubrique' });
const editPublic = (areas: readonly string[]): Need => ({
  to: 'publish',
  areas,
  what: 'modifier un élément en ligne ou programmé (le site public change aussitôt)',
});

/** The needs of the content life cycle, shared by the edit screen, the lists' bulk actions and the wrappers' rules. */
export const needs = {
  read: { to: 'read' } as const satisfies Need,
  /** One's own second factors (lib/auth/mfa): enrolling, removing, new recovery codes. */
  secure: { to: 'secure' } as const satisfies Need,
  editDraft,
  /**
   * Changing an existing item (saving it, trashing or restoring it): a draft is its areas'
   * writers'; an item online or scheduled is the public site's, which takes a publisher.
   */
  change: (areas: readonly string[], status: string): Need[] =>
    status === 'draft' ? [editDraft(areas)] : [editDraft(areas), editPublic(areas)],
  create: (area: string): Need => ({ to: 'edit', areas: [area], what: 'créer un élément dans cette rubrique' }),
  upload: { to: 'edit', areas: 'any', what: 'envoyer des fichiers' } as const satisfies Need,
  publish: (areas?: readonly string[]): Need => ({ to: 'publish', areas, what: 'mettre en ligne, programmer ou retirer du site' }),
  /**
   * Preparing a new version of a series' values (grid or import, lib/series/versions.ts): its
   * areas' writers. Nothing of it is public before a second person approves it (lib/review).
   */
  prepareValues: (areas: readonly string[]): Need => ({ to: 'edit', areas, what: 'préparer des valeurs de cette série' }),
  /**
   * Tables (lib/tables): creating one, and preparing a version of its cells (an import), is its
   * area's writers' — nothing of a table is public before a second person approves a version.
   * Changing the description of a table already public is the public site's, which takes a publisher.
   */
  createTable: (area: string): Need => ({ to: 'edit', areas: [area], what: 'créer un tableau dans cette rubrique' }),
  describeTable: (areas: readonly string[], isPublic: boolean): Need[] => [
    { to: 'edit', areas, what: 'modifier la description de ce tableau' },
    ...(isPublic ? [editPublic(areas)] : []),
  ],
  prepareTable: (areas: readonly string[]): Need => ({ to: 'edit', areas, what: 'préparer une version de ce tableau' }),
  /**
   * Defining a series as a slice of a table, or detaching it (lib/tables/slices.ts): its values then
   * follow the table's versions, so it is the series' area's writers' act; the table needs only to
   * be read (every account reads every table in the back-office). The series version written at once
   * is still reviewed like any other (`review`).
   */
  defineSlice: (seriesAreas: readonly string[]): Need[] => [
    { to: 'edit', areas: seriesAreas, what: 'définir cette série comme tranche d’un tableau ni l’en détacher' },
    { to: 'read' },
  ],
  /** Approving what a writer submitted, or sending it back (lib/review): a publisher's second pair of eyes. */
  review: (areas?: readonly string[]): Need => ({ to: 'publish', areas, what: 'approuver ou renvoyer ce qui est soumis pour relecture' }),
  deleteForGood: { to: 'publish', what: 'supprimer définitivement' } as const satisfies Need,
  users: { to: 'administer', what: 'gérer les comptes et leurs rôles' } as const satisfies Need,
  /** The second-factor policy and another account's reset (a lost phone): administrators. */
  security: {
    to: 'administer',
    what: 'changer la règle du second facteur ni réinitialiser celui d’un autre compte',
  } as const satisfies Need,
  identity: { to: 'administer', what: 'modifier l’identité de l’institut' } as const satisfies Need,
  /**
   * Surveys (lib/microdata): importing a DDI description, as a new survey or a new version, is the
   * survey's area's writers' (nothing is public before the survey is put online); putting it online,
   * taking it off and changing a data file's access tier change the public site: a publisher's.
   */
  describeSurvey: (areas: readonly string[]): Need => ({
    to: 'edit',
    areas,
    what: 'importer la description DDI d’une enquête de cette rubrique',
  }),
  publishSurvey: (areas: readonly string[]): Need => ({
    to: 'publish',
    areas,
    what: 'mettre en ligne ou retirer une enquête, ni changer l’accès à ses fichiers de données',
  }),
  /** The boundaries the maps are drawn from (lib/geo): reference data for every table, an administrator's. */
  geoBoundaries: { to: 'administer', what: 'envoyer les limites géographiques des cartes' } as const satisfies Need,
  journal: { to: 'publish', what: 'consulter le journal d’activité' } as const satisfies Need,
  /**
   * Email alerts (lib/alerts/admin.ts): every account sees how many subscribe to each area (counts,
   * never an address); publishers, who put releases out, see the outbox and send themselves a test
   * message; only administrators export or delete one address on its owner's request.
   */
  alertCounts: { to: 'read' } as const satisfies Need,
  alertOutbox: { to: 'publish', what: 'consulter la file d’envoi des alertes ni envoyer un message d’essai' } as const satisfies Need,
  alertSubscriber: { to: 'administer', what: 'exporter ou effacer les données d’un abonné aux alertes' } as const satisfies Need,
};

/**
 * The user API's `GET /api/users`: the accounts (addresses, names, last sign-in) are listed only to
 * those who manage them, as `/admin/users` is shown only to them.
 */
export async function authorizeAccountList({ db }: { db: Db }, user: SessionUser): Promise<void> {
  authorize(await actorOf(db, user), { ...needs.users, what: 'consulter la liste des comptes' });
}

/** The user API's `POST /api/user`: creating an account is an administrator's act. */
export async function authorizeAccountCreation({ db }: { db: Db }, user: SessionUser): Promise<void> {
  authorize(await actorOf(db, user), { ...needs.users, what: 'créer des comptes' });
}

/** Any connected account may (the user API's own profile and accounts list) — unless it must first enrol a second factor. */
export async function authorizeSignedIn({ db }: { db: Db }, user: SessionUser): Promise<void> {
  authorize(await actorOf(db, user), needs.read);
}
