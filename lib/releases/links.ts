/**
 * What a release brings out: publications and series versions linked to it go online together at
 * the release's time. Linking schedules a publication at that time; confirming or moving the
 * release moves everything linked in the same transaction; the scheduler marks the release
 * published in the run that puts its publications online. Until then nothing linked is public:
 * the publication is `scheduled`, the versions are dated in the future, and their files are
 * refused to visitors (`visibleToVisitors`, lib/files/library.ts).
 */
import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import { writeAudit } from '@/lib/audit/write';
import { publicationTags, tags } from '@/lib/cache/tags';
import type { PublicationTranslations } from '@/lib/content/queries/publications';
import type { Db } from '@/lib/db/open';
import { publications, releasePublications, releases, series, seriesVersions } from '@/lib/db/schema';
import { moveWithRelease, redateWithRelease, releaseCarries } from '@/lib/versions/release-link';
import { carriedVersionings } from './carried';
import type { SeriesTranslations } from '@/lib/series/queries';
import { formatInZone } from './model';
import type { Actor, ReleaseWrite } from './model';
import { readyReleases, reviewReset } from './review';
import { currentTime } from '@/lib/clock';

const releaseTags = [tags.releases, tags.sitemap];

/** A release published this long after its minute was held (the scheduler runs every 15 s). */
const LATE_AFTER_MS = 60_000;

/** A release's date can carry content only once it is confirmed (a provisional window is not a time). */
const canCarry = (status: string) => status === 'confirmed' || status === 'postponed';

type LinkedPublication = {
  id: number;
  area: string;
  slug: string;
  title: string;
  status: string;
  publishedAt: Date | null;
  deletedAt: Date | null;
  /** Its English texts: the release page shows the title in the reader's language. */
  translations: PublicationTranslations;
};

/** The publications linked to these releases, by release id. */
export async function linkedPublications(db: Db, releaseIds: number[]): Promise<Map<number, LinkedPublication[]>> {
  const map = new Map<number, LinkedPublication[]>();
  if (releaseIds.length === 0) return map;
  const rows = await db
    .select({
      releaseId: releasePublications.releaseId,
      id: publications.id,
      area: publications.area,
      slug: publications.slug,
      title: publications.title,
      status: publications.status,
      publishedAt: publications.publishedAt,
      deletedAt: publications.deletedAt,
      translations: publications.translations,
    })
    .from(releasePublications)
    .innerJoin(publications, eq(publications.id, releasePublications.publicationId))
    .where(inArray(releasePublications.releaseId, releaseIds))
    .orderBy(publications.title);
  for (const { releaseId, ...p } of rows) map.set(releaseId, [...(map.get(releaseId) ?? []), p]);
  return map;
}

export type LinkedVersion = {
  code: string;
  label: string;
  area: string;
  number: number;
  publishedAt: Date;
  translations: SeriesTranslations;
};

/** The series versions linked to these releases, by release id. */
export async function linkedVersions(db: Db, releaseIds: number[]): Promise<Map<number, LinkedVersion[]>> {
  const map = new Map<number, LinkedVersion[]>();
  if (releaseIds.length === 0) return map;
  const rows = await db
    .select({
      releaseId: seriesVersions.releaseId,
      code: series.code,
      label: series.label,
      area: series.area,
      number: seriesVersions.number,
      publishedAt: seriesVersions.publishedAt,
      translations: series.translations,
    })
    .from(seriesVersions)
    .innerJoin(series, eq(series.id, seriesVersions.seriesId))
    .where(inArray(seriesVersions.releaseId, releaseIds))
    .orderBy(series.code);
  for (const { releaseId, ...v } of rows) map.set(releaseId!, [...(map.get(releaseId!) ?? []), v]);
  return map;
}

/** Publications a release can take: not online, not trashed, not already with a release. */
export async function linkablePublications(db: Db): Promise<{ id: number; area: string; title: string; status: string }[]> {
  return db
    .select({ id: publications.id, area: publications.area, title: publications.title, status: publications.status })
    .from(publications)
    .leftJoin(releasePublications, eq(releasePublications.publicationId, publications.id))
    .where(and(inArray(publications.status, ['draft', 'scheduled']), isNull(publications.deletedAt), isNull(releasePublications.releaseId)))
    .orderBy(publications.area, publications.title)
    .limit(500);
}

/** Releases whose date can carry content and is still ahead: what an import or a publication can be linked to. */
export async function openReleases(db: Db, now = currentTime()) {
  return db
    .select({ id: releases.id, title: releases.title, area: releases.area, scheduledAt: releases.scheduledAt })
    .from(releases)
    .where(and(inArray(releases.status, ['confirmed', 'postponed']), gt(releases.scheduledAt, now)))
    .orderBy(releases.scheduledAt)
    .limit(200);
}

/** Those releases as choices of a form: « title — date in the institute's zone ». */
export async function releaseChoices(db: Db, timeZone: string, now = currentTime()): Promise<{ id: number; label: string }[]> {
  return (await openReleases(db, now)).map((r) => ({ id: r.id, label: `${r.title} — ${formatInZone(r.scheduledAt, timeZone)}` }));
}

/** Locks a release that can still take content, or says in French why it cannot. */
async function lockOpenRelease(tx: Db, id: number, now: Date): Promise<{ release: typeof releases.$inferSelect } | { error: string }> {
  const [release] = await tx.select().from(releases).where(eq(releases.id, id)).for('update');
  if (!release) return { error: 'Cette parution n’existe plus.' };
  if (!canCarry(release.status)) {
    return {
      error:
        release.status === 'announced'
          ? 'Confirmez d’abord la date de la parution : on ne lie un contenu qu’à une date confirmée.'
          : `Cette parution est ${release.status === 'cancelled' ? 'annulée' : 'publiée'} : elle ne prend plus de contenu.`,
    };
  }
  if (release.scheduledAt <= now) return { error: 'L’heure de cette parution est passée : elle ne prend plus de contenu.' };
  return { release };
}

/** Links a publication to a release: it is scheduled at the release's time and goes online with it. */
export async function linkPublication(
  db: Db,
  { releaseId, publicationId, actor, now = currentTime() }: { releaseId: number; publicationId: number; actor: Actor; now?: Date },
): Promise<ReleaseWrite> {
  return db.transaction(async (tx) => {
    const locked = await lockOpenRelease(tx, releaseId, now);
    if ('error' in locked) return { ok: false as const, error: locked.error };
    const { release } = locked;
    const [pub] = await tx.select().from(publications).where(eq(publications.id, publicationId)).for('update');
    if (!pub || pub.deletedAt)
      return { ok: false as const, error: 'Cette publication n’existe plus ou est dans la corbeille.', field: 'publicationId' };
    if (pub.status === 'published' || pub.status === 'archived')
      return {
        ok: false as const,
        error: `« ${pub.title} » est déjà en ligne : une parution n’apporte que des contenus encore inédits.`,
        field: 'publicationId',
      };
    const [other] = await tx.select().from(releasePublications).where(eq(releasePublications.publicationId, publicationId)).limit(1);
    if (other)
      return {
        ok: false as const,
        error: `« ${pub.title} » est déjà liée à une parution : retirez-la d’abord de celle-ci.`,
        field: 'publicationId',
      };
    await tx.insert(releasePublications).values({ releaseId, publicationId });
    // The release carries more: it is reviewed again (lib/releases/review.ts).
    await tx
      .update(releases)
      .set({ updatedAt: now, ...reviewReset(actor) })
      .where(eq(releases.id, releaseId));
    await tx
      .update(publications)
      .set({ status: 'scheduled', publishedAt: release.scheduledAt, version: pub.version + 1, updatedAt: now, updatedBy: actor.user.id })
      .where(eq(publications.id, publicationId));
    await writeAudit(tx, {
      ...actor,
      action: 'release.link',
      entityType: 'release',
      entityId: releaseId,
      summary:
        `Publication « ${pub.title} » liée à la parution « ${release.title} » : ` +
        `mise en ligne programmée le ${release.scheduledAt.toISOString()}.`,
      before: { status: pub.status, publishedAt: pub.publishedAt },
      after: { status: 'scheduled', publishedAt: release.scheduledAt, publicationId },
    });
    return { ok: true as const, id: releaseId, slug: release.slug, tags: [...releaseTags, ...publicationTags(pub)] };
  });
}

/** Takes a publication out of a release that is not out yet: it goes back to draft. */
export async function unlinkPublication(
  db: Db,
  { releaseId, publicationId, actor, now = currentTime() }: { releaseId: number; publicationId: number; actor: Actor; now?: Date },
): Promise<ReleaseWrite> {
  return db.transaction(async (tx) => {
    const [release] = await tx.select().from(releases).where(eq(releases.id, releaseId)).for('update');
    if (!release) return { ok: false as const, error: 'Cette parution n’existe plus.' };
    if (release.status === 'published')
      return { ok: false as const, error: 'Cette parution est publiée : ce qu’elle a apporté reste lié à elle.' };
    const [pub] = await tx.select().from(publications).where(eq(publications.id, publicationId)).for('update');
    const removed = await tx
      .delete(releasePublications)
      .where(and(eq(releasePublications.releaseId, releaseId), eq(releasePublications.publicationId, publicationId)))
      .returning();
    if (!pub || removed.length === 0) return { ok: false as const, error: 'Cette publication n’est plus liée à cette parution.' };
    await tx
      .update(releases)
      .set({ updatedAt: now, ...reviewReset(actor) })
      .where(eq(releases.id, releaseId));
    const back = pub.status === 'scheduled';
    if (back)
      await tx
        .update(publications)
        .set({ status: 'draft', publishedAt: null, version: pub.version + 1, updatedAt: now, updatedBy: actor.user.id })
        .where(eq(publications.id, publicationId));
    await writeAudit(tx, {
      ...actor,
      action: 'release.unlink',
      entityType: 'release',
      entityId: releaseId,
      summary: `Publication « ${pub.title} » retirée de la parution « ${release.title} »${back ? ' : elle redevient un brouillon' : ''}.`,
      before: { status: pub.status, publishedAt: pub.publishedAt },
    });
    return { ok: true as const, id: releaseId, slug: release.slug, tags: [...releaseTags, ...publicationTags(pub)] };
  });
}

/** Inside a release's change: moves what it carries to its new time (publications still scheduled, versions not yet out). */
export async function moveLinked(tx: Db, releaseId: number, at: Date, now: Date): Promise<void> {
  const linked = await tx
    .select({ id: releasePublications.publicationId })
    .from(releasePublications)
    .where(eq(releasePublications.releaseId, releaseId));
  if (linked.length > 0) {
    await tx
      .update(publications)
      .set({ publishedAt: at, updatedAt: now })
      .where(
        and(
          inArray(
            publications.id,
            linked.map((l) => l.id),
          ),
          eq(publications.status, 'scheduled'),
        ),
      );
  }
  for (const { versioning } of carriedVersionings) await moveWithRelease(tx, versioning, releaseId, at, now);
}

/** Whether a release still carries content that is not out (a cancellation would strand it). */
export async function carriesPending(tx: Db, releaseId: number, now: Date): Promise<boolean> {
  const [pub] = await tx
    .select({ id: publications.id })
    .from(releasePublications)
    .innerJoin(publications, eq(publications.id, releasePublications.publicationId))
    .where(and(eq(releasePublications.releaseId, releaseId), eq(publications.status, 'scheduled')))
    .limit(1);
  if (pub) return true;
  for (const { versioning } of carriedVersionings) if (await releaseCarries(tx, versioning, releaseId, now)) return true;
  return false;
}

/**
 * Marks confirmed or postponed releases whose time has come as published (the scheduler, in the
 * run that puts their publications online). Idempotent across instances: each release once.
 */
export async function publishDueReleases(tx: Db, now: Date): Promise<{ releases: { id: number; title: string }[]; tags: string[] }> {
  const due = await tx
    .select()
    .from(releases)
    .where(and(inArray(releases.status, ['confirmed', 'postponed']), lte(releases.scheduledAt, now)))
    .for('update', { skipLocked: true });
  const done: { id: number; title: string }[] = [];
  const areaTags: string[] = [];
  // Nothing of a release goes out until it and every piece it carries are approved (lib/releases/review.ts).
  const ready = await readyReleases(
    tx,
    due.map((r) => r.id),
  );
  for (const r of due.filter((d) => ready.has(d.id))) {
    await tx
      .update(releases)
      .set({ status: 'published', sequence: r.sequence + 1, version: r.version + 1, updatedAt: now })
      .where(eq(releases.id, r.id));
    // Out later than its minute (held until approved): its versions are dated when they became public,
    // so an `asOf` read of the time in between does not show them.
    if (now.getTime() - r.scheduledAt.getTime() > LATE_AFTER_MS) {
      for (const { versioning } of carriedVersionings) await redateWithRelease(tx, versioning, r.id, now);
    }
    await writeAudit(tx, {
      actor: 'Calendrier des parutions',
      action: 'release.publish',
      entityType: 'release',
      entityId: r.id,
      summary: `Parution « ${r.title} » publiée à l’heure annoncée.`,
      before: { status: r.status },
      after: { status: 'published' },
    });
    done.push({ id: r.id, title: r.title });
    areaTags.push(tags.area(r.area));
  }
  return { releases: done, tags: done.length > 0 ? [...new Set([...releaseTags, ...areaTags])] : [] };
}
