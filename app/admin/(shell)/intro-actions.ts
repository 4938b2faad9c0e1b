'use server';
// The introduction of an area, saved from that area's admin screen (AreaIntroSection). Through
// adminFormAction like every admin action; the mutation audits in its transaction.
import { z } from 'zod';
import { adminFormAction } from '@/lib/admin/action';
import { invalidateTags } from '@/lib/ops/invalidate';
import { updatePage } from '@/lib/content/mutations/institution';
import { areaIntroInputSchema, introKey, versionField } from '@/lib/content/schemas/institution';
import { fromFlatForm } from '@/lib/content/schemas/translations';

export const updateAreaIntroAction = adminFormAction(
  // The English introduction comes flat (`en.body`): nested under `en` first.
  fromFlatForm(
    areaIntroInputSchema.extend({
      area: z.string({ message: 'Rubrique inconnue : rechargez la page.' }).max(100, 'Rubrique inconnue : rechargez la page.'),
      version: versionField,
    }),
  ),
  async ({ area, version, ...input }, ctx) => {
    const { page, tags } = await updatePage(ctx.db, {
      key: introKey(area),
      expectedVersion: version,
      input,
      user: ctx.user,
      ip: ctx.request.ip,
    });
    await invalidateTags(tags);
    return { version: page.version, changed: tags.length > 0 };
  },
  {
    // The form sends every field, a cleared one blank: the write changes only what is sent.
    keepBlank: true,
    // The introduction is public as soon as it is saved: a publisher's write.
    access: ({ area }) => ({
      to: 'publish',
      areas: [area],
      what: 'modifier l’introduction d’une rubrique (publique dès l’enregistrement)',
    }),
    success: (r) =>
      r.changed ? 'Introduction de la rubrique enregistrée : la page publique est à jour.' : 'Aucune modification à enregistrer.',
  },
);
