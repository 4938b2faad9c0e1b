'use server';
// /admin/about: the institute's identity, the mission and the director's word. Each action goes
// through adminFormAction (session, validation, French errors); the mutation writes its own audit
// entry in its transaction and returns the cache tags to invalidate.
import { adminFormAction } from '@/lib/admin/action';
import { needs, type Need } from '@/lib/admin/access';
import { invalidateTags } from '@/lib/ops/invalidate';
import { updateIdentity, updatePage } from '@/lib/content/mutations/institution';
import { directorWordInputSchema, identityInputSchema, missionInputSchema, versionField } from '@/lib/content/schemas/institution';
import { fromFlatForm } from '@/lib/content/schemas/translations';

const unchanged = 'Aucune modification à enregistrer.';
/** An institutional page is public as soon as it is saved: a publisher's write. */
const publishPage = (area: string): Need => ({
  to: 'publish',
  areas: [area],
  what: 'modifier une page institutionnelle (publique dès l’enregistrement)',
});

// The forms send their English fields flat (`en.name`, `en.title`): `fromFlatForm` nests them under `en`.
export const updateIdentityAction = adminFormAction(
  fromFlatForm(identityInputSchema.extend({ version: versionField })),
  async ({ version, ...input }, ctx) => {
    const { identity, tags } = await updateIdentity(ctx.db, { expectedVersion: version, input, user: ctx.user, ip: ctx.request.ip });
    await invalidateTags(tags);
    return { version: identity.version, changed: tags.length > 0 };
  },
  {
    access: needs.identity,
    keepBlank: true,
    success: (r) => (r.changed ? 'Identité de l’institut enregistrée : l’en-tête et le pied de page du site sont à jour.' : unchanged),
  },
);

export const updateMissionAction = adminFormAction(
  fromFlatForm(missionInputSchema.extend({ version: versionField })),
  async ({ version, ...input }, ctx) => {
    const { page, tags } = await updatePage(ctx.db, {
      key: 'mission',
      expectedVersion: version,
      input,
      user: ctx.user,
      ip: ctx.request.ip,
    });
    await invalidateTags(tags);
    return { version: page.version, changed: tags.length > 0 };
  },
  {
    keepBlank: true,
    access: publishPage('mission'),
    success: (r) => (r.changed ? 'Page « Missions » enregistrée : le site public est à jour.' : unchanged),
  },
);

export const updateAccessibilityAction = adminFormAction(
  fromFlatForm(missionInputSchema.extend({ version: versionField })),
  async ({ version, ...input }, ctx) => {
    const { page, tags } = await updatePage(ctx.db, {
      key: 'accessibilite',
      expectedVersion: version,
      input,
      user: ctx.user,
      ip: ctx.request.ip,
    });
    await invalidateTags(tags);
    return { version: page.version, changed: tags.length > 0 };
  },
  {
    keepBlank: true,
    access: publishPage('accessibilite'),
    success: (r) => (r.changed ? 'Déclaration d’accessibilité enregistrée : le site public est à jour.' : unchanged),
  },
);

export const updateDirectorWordAction = adminFormAction(
  fromFlatForm(directorWordInputSchema.extend({ version: versionField })),
  async ({ version, ...input }, ctx) => {
    const { page, tags } = await updatePage(ctx.db, {
      key: 'mot_du_dg',
      expectedVersion: version,
      input,
      user: ctx.user,
      ip: ctx.request.ip,
    });
    await invalidateTags(tags);
    return { version: page.version, changed: tags.length > 0 };
  },
  {
    keepBlank: true,
    access: publishPage('mot_du_dg'),
    success: (r) => (r.changed ? 'Page « Mot du Directeur général » enregistrée : le site public est à jour.' : unchanged),
  },
);
