/**
 * Managing the calendar: announce, confirm, move (a reason is required and kept in the public
 * history), cancel (a notice is required). Each change raises the iCalendar SEQUENCE, checks the
 * version the form was loaded with, and is audited in the same transaction. The English title,
 * provisional window and reason (issue 15) are written beside the French, versioned and audited alike.
 */
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { writeAudit } from '@/lib/audit/write';
import { englishChanges, mergedTranslations, storedTranslations, withoutEnglish } from '@/lib/content/mutations/translations';
import { englishFields, englishText, type EnglishValues } from '@/lib/content/schemas/translations';
import { tags } from '@/lib/cache/tags';
import { getArea } from '@/lib/content/areas';
import type { Db } from '@/lib/db/open';
import { releaseDateChanges, releases } from '@/lib/db/schema';
import { carriesPending, moveLinked } from './links';
import type { Actor, ReleaseWrite } from './model';
import { reviewReset } from './review';
import { currentTime } from '@/lib/clock';

export type { Actor, ReleaseWrite } from './model';

const releaseTags = [tags.releases, tags.sitemap];
const when = z.coerce.date({ error: 'Date et heure de parution invalides.' });

export const releaseInputSchema = z.object({
  title: z.string().trim().min(5, 'Le titre doit compter au moins 5 caractères.').max(200, 'Le titre : 200 caractères au plus.'),
  area: z.string().refine((a) => Boolean(getArea(a)?.publicPath), 'Choisissez une rubrique publique.'),
  scheduledAt: when,
  provisionalLabel: z
    .string()
    .trim()
    .max(60)
    .optional()
    .transform((v) => v || null),
  contact: z.string().trim().max(300).default(''),
  en: englishFields({ title: englishText(200, 'Le titre'), provisionalLabel: englishText(60, 'La fenêtre provisoire') }),
});
/** A checked release; without `en`, it has no English version. */
export type ReleaseInput = Omit<z.infer<typeof releaseInputSchema>, 'en'> & { en?: EnglishValues<'title' | 'provisionalLabel'> };

const slugify = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80)
    .replace(/-$/, '');

/**
 * Announces a release. `publicAtOnce` (a publisher announcing it): on the public calendar at once;
 * otherwise (a Rédacteur preparing it) it waits for its first approval (lib/releases/review.ts).
 */
export async function createRelease(
  db: Db,
  { input, actor, publicAtOnce = true, now = currentTime() }: { input: ReleaseInput; actor: Actor; publicAtOnce?: boolean; now?: Date },
): Promise<ReleaseWrite> {
  return db.transaction(async (tx) => {
    const base = slugify(`${input.title} ${input.scheduledAt.toISOString().slice(0, 10)}`) || 'parution';
    let slug = base;
    for (let n = 2; (await tx.select({ id: releases.id }).from(releases).where(eq(releases.slug, slug)).limit(1)).length > 0; n++)
      slug = `${base}-${n}`;
    const [row] = await tx
      .insert(releases)
      .values({
        slug,
        title: input.title,
        area: input.area,
        scheduledAt: input.scheduledAt,
        provisionalLabel: input.provisionalLabel,
        contact: input.contact,
        status: input.provisionalLabel ? 'announced' : 'confirmed',
        translations: storedTranslations(input.en),
        editedBy: actor.user.id,
        publicSince: publicAtOnce ? now : null,
      })
      .returning();
    await writeAudit(tx, {
      ...actor,
      action: 'release.create',
      entityType: 'release',
      entityId: row!.id,
      summary: `Parution annoncée : « ${row!.title} ».`,
      after: row,
    });
    return { ok: true as const, id: row!.id, slug, tags: releaseTags };
  });
}

type Change =
  | { kind: 'confirm'; scheduledAt: Date }
  /** `reasonEn`: the reason in English (optional), kept with the release and its date change. */
  | { kind: 'move'; scheduledAt: Date; reason: string; reasonEn?: string }
  | { kind: 'cancel'; notice: string };

/** Confirms, moves or cancels a release, if nobody changed it since `expectedVersion`. */
export async function changeRelease(
  db: Db,
  {
    id,
    expectedVersion,
    change,
    actor,
    now = currentTime(),
  }: { id: number; expectedVersion: number; change: Change; actor: Actor; now?: Date },
): Promise<ReleaseWrite> {
  if (change.kind === 'move' && change.reason.trim().length < 5)
    return { ok: false, error: 'Indiquez la raison du report : elle est publiée avec l’ancienne date.', field: 'reason' };
  if (change.kind === 'cancel' && change.notice.trim().length < 5)
    return { ok: false, error: 'Rédigez l’avis d’annulation : il est publié sur la page de la parution.', field: 'notice' };
  if (change.kind !== 'cancel' && !(change.scheduledAt.getTime() > now.getTime()))
    return { ok: false, error: 'Choisissez une date et une heure à venir.', field: 'scheduledAt' };
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(releases).where(eq(releases.id, id)).for('update');
    if (!current) return { ok: false as const, error: 'Cette parution n’existe plus.' };
    if (current.version !== expectedVersion)
      return { ok: false as const, error: 'Quelqu’un a modifié cette parution pendant que vous la modifiiez : rechargez la page.' };
    if (current.status === 'cancelled' || current.status === 'published')
      return {
        ok: false as const,
        error: `Cette parution est ${current.status === 'cancelled' ? 'annulée' : 'publiée'} : elle ne change plus.`,
      };
    if (change.kind === 'move' && change.scheduledAt.getTime() === current.scheduledAt.getTime())
      return { ok: false as const, error: 'Choisissez une nouvelle date : c’est déjà celle de la parution.', field: 'scheduledAt' };
    if (change.kind === 'cancel' && (await carriesPending(tx, id, now))) {
      return {
        ok: false as const,
        error: 'Cette parution porte des publications ou des séries pas encore en ligne : retirez-les d’abord (ou reportez la parution).',
      };
    }
    if (change.kind !== 'cancel') await moveLinked(tx, id, change.scheduledAt, now);
    // A changed entry is reviewed again (lib/releases/review.ts).
    const next = { version: current.version + 1, sequence: current.sequence + 1, updatedAt: new Date(), ...reviewReset(actor) };
    let summary: string;
    // A French text replaced (the window once confirmed, a new reason) makes its English version stale: it goes with it.
    if (change.kind === 'confirm') {
      await tx
        .update(releases)
        .set({
          ...next,
          status: 'confirmed',
          scheduledAt: change.scheduledAt,
          provisionalLabel: null,
          translations: withoutEnglish(current.translations, ['provisionalLabel']),
        })
        .where(eq(releases.id, id));
      summary = `Parution confirmée : « ${current.title} », le ${change.scheduledAt.toISOString()}.`;
    } else if (change.kind === 'move') {
      // The new reason's English, when given, replaces the old one's; otherwise the old one goes.
      const reasonEn = change.reasonEn?.trim() ?? '';
      const translations = withoutEnglish(current.translations, ['reason']);
      await tx
        .update(releases)
        .set({
          ...next,
          status: 'postponed',
          scheduledAt: change.scheduledAt,
          reason: change.reason.trim(),
          translations: reasonEn ? { ...translations, en: { ...translations.en, reason: reasonEn } } : translations,
        })
        .where(eq(releases.id, id));
      await tx.insert(releaseDateChanges).values({
        releaseId: id,
        previousAt: current.scheduledAt,
        newAt: change.scheduledAt,
        reason: change.reason.trim(),
        translations: reasonEn ? { en: { reason: reasonEn } } : {},
        changedBy: actor.user.id,
      });
      summary =
        `Parution reportée : « ${current.title} », du ${current.scheduledAt.toISOString()} ` +
        `au ${change.scheduledAt.toISOString()}. Raison : ${change.reason.trim()}`;
    } else {
      await tx
        .update(releases)
        .set({ ...next, status: 'cancelled', reason: change.notice.trim(), translations: withoutEnglish(current.translations, ['reason']) })
        .where(eq(releases.id, id));
      summary = `Parution annulée : « ${current.title} ». Avis : ${change.notice.trim()}`;
    }
    await writeAudit(tx, {
      ...actor,
      action: `release.${change.kind}`,
      entityType: 'release',
      entityId: id,
      summary,
      before: { status: current.status, scheduledAt: current.scheduledAt },
    });
    return { ok: true as const, id, slug: current.slug, tags: releaseTags };
  });
}

/** The French texts of a release that have an English version. */
export type ReleaseTextField = 'title' | 'provisionalLabel' | 'reason' | 'contact';

/**
 * The English version of a release as its form sends it (`en.title`, `en.provisionalLabel`,
 * `en.reason`): each optional, no longer than the French one may be; empty means « shown in French ».
 */
export const releaseEnglishSchema = englishFields({
  title: englishText(200, 'Le titre'),
  provisionalLabel: englishText(60, 'La fenêtre provisoire'),
  reason: englishText(1000, 'La raison ou l’avis'),
  contact: englishText(200, 'Le contact'),
});

/**
 * Changes a release's English title, window and reason — those sent (blank clears one, one not
 * sent stays as it is) — if nobody changed the release since
 * `expectedVersion`. Allowed whatever its status (a cancelled release's notice is still read), it
 * changes no date: the iCalendar SEQUENCE stays (the feeds are in French). With nothing changed,
 * nothing is written; otherwise the version rises and the audit entry (`release.translate`) keeps
 * the changed `en.*` fields.
 */
export async function translateRelease(
  db: Db,
  {
    id,
    expectedVersion,
    english,
    actor,
  }: { id: number; expectedVersion: number; english: EnglishValues<ReleaseTextField> | undefined; actor: Actor },
): Promise<ReleaseWrite> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(releases).where(eq(releases.id, id)).for('update');
    if (!current) return { ok: false as const, error: 'Cette parution n’existe plus.' };
    if (current.version !== expectedVersion)
      return { ok: false as const, error: 'Quelqu’un a modifié cette parution pendant que vous la modifiiez : rechargez la page.' };
    // Only the fields sent change (the form shows the window and the reason only when there is one).
    const translations = mergedTranslations(current.translations, english);
    const changes = englishChanges(current.translations, translations);
    if (Object.keys(changes.after).length === 0) return { ok: true as const, id, slug: current.slug, tags: [] };
    await tx
      .update(releases)
      .set({ translations, version: current.version + 1, updatedAt: new Date(), ...reviewReset(actor) })
      .where(eq(releases.id, id));
    // A postponed release's reason is also its last date change's (its public history): translated with it.
    if ('en.reason' in changes.after && current.status === 'postponed') {
      const [last] = await tx
        .select({ id: releaseDateChanges.id, reason: releaseDateChanges.reason, translations: releaseDateChanges.translations })
        .from(releaseDateChanges)
        .where(eq(releaseDateChanges.releaseId, id))
        .orderBy(desc(releaseDateChanges.changedAt), desc(releaseDateChanges.id))
        .limit(1);
      if (last && last.reason === current.reason) {
        const reason = translations.en?.reason ?? '';
        await tx
          .update(releaseDateChanges)
          .set({
            translations: reason
              ? { ...last.translations, en: { ...last.translations.en, reason } }
              : withoutEnglish(last.translations, ['reason']),
          })
          .where(eq(releaseDateChanges.id, last.id));
      }
    }
    await writeAudit(tx, {
      ...actor,
      action: 'release.translate',
      entityType: 'release',
      entityId: id,
      summary: `Version anglaise de la parution modifiée : « ${current.title} ».`,
      before: changes.before,
      after: changes.after,
    });
    return { ok: true as const, id, slug: current.slug, tags: releaseTags };
  });
}
