/**
 * A release is reviewed as a whole (issue 24): its entry and every piece it carries — the
 * publications linked to it, the series versions that come out with it — must be approved before
 * its minute, or nothing of it goes out: the scheduler holds its publications and leaves it
 * unpublished, its versions stay hidden (lib/series/queries.ts shows a version of a release only
 * once the release is published), and the back-office warns from 24 h before (`releasesAtRisk`).
 *
 * Approving a release approves its entry and, in the same act, every piece not yet approved — each
 * under the second-pair-of-eyes rule (lib/review/model.ts): a piece the approver wrote last is
 * refused unless self-approval is on, and then nothing is approved. Any change of the entry after
 * that (a move, a text, a link) sends it back to « en rédaction » (`reviewReset`).
 */
import { and, eq, inArray, lte, ne } from 'drizzle-orm';
import { writeAudit } from '@/lib/audit/write';
import { tags } from '@/lib/cache/tags';
import type { Db } from '@/lib/db/open';
import { publications, releasePublications, releases } from '@/lib/db/schema';
import { approveWithRelease, versionsOfReleases } from '@/lib/versions/release-link';
import { approvalRefusal, type ReviewState } from '@/lib/review/model';
import { selfApprovalAllowed } from '@/lib/review/settings';
import { carriedVersionings } from './carried';
import type { Actor, ReleaseWrite } from './model';
import { currentTime } from '@/lib/clock';

/** What a change of a release's entry writes besides itself: its last writer, and its review back to the start. */
export const reviewReset = (actor: Actor) => ({ editedBy: actor.user.id, review: 'none' as const, reviewNote: null });

/** A piece of a release that is not approved yet, named in French for the back-office. */
export type MissingApproval = { kind: 'release' | 'publication' | 'version' | 'table'; label: string; review: ReviewState };

/** How far a release is from going out: what is not approved yet (empty: ready). */
export type Readiness = { releaseId: number; ready: boolean; missing: MissingApproval[] };

type Piece = { kind: 'publication' | 'version' | 'table'; id: number; label: string; review: ReviewState; writer: string | null };

async function piecesOf(db: Db, releaseIds: number[]): Promise<Map<number, Piece[]>> {
  const map = new Map<number, Piece[]>();
  if (releaseIds.length === 0) return map;
  const pubs = await db
    .select({
      releaseId: releasePublications.releaseId,
      id: publications.id,
      title: publications.title,
      review: publications.review,
      writer: publications.editedBy,
    })
    .from(releasePublications)
    .innerJoin(publications, eq(publications.id, releasePublications.publicationId))
    .where(and(inArray(releasePublications.releaseId, releaseIds), ne(publications.status, 'draft')));
  for (const p of pubs)
    map.set(p.releaseId, [
      ...(map.get(p.releaseId) ?? []),
      { kind: 'publication', id: p.id, label: `la publication « ${p.title} »`, review: p.review, writer: p.writer },
    ]);
  for (const { versioning, piece } of carriedVersionings) {
    for (const v of await versionsOfReleases(db, versioning, releaseIds)) {
      map.set(v.releaseId, [
        ...(map.get(v.releaseId) ?? []),
        { kind: piece, id: v.id, label: versioning.words.piece(v.number, v.code), review: v.review, writer: v.writer },
      ]);
    }
  }
  return map;
}

/** The readiness of these releases, by id. */
export async function readinessOf(db: Db, releaseIds: number[]): Promise<Map<number, Readiness>> {
  const out = new Map<number, Readiness>();
  if (releaseIds.length === 0) return out;
  const rows = await db.select({ id: releases.id, review: releases.review }).from(releases).where(inArray(releases.id, releaseIds));
  const pieces = await piecesOf(db, releaseIds);
  for (const r of rows) {
    const missing: MissingApproval[] = [
      ...(r.review === 'approved' ? [] : [{ kind: 'release' as const, label: 'la parution elle-même', review: r.review }]),
      ...(pieces.get(r.id) ?? []).filter((p) => p.review !== 'approved').map((p) => ({ kind: p.kind, label: p.label, review: p.review })),
    ];
    out.set(r.id, { releaseId: r.id, ready: missing.length === 0, missing });
  }
  return out;
}

/** How long before its minute a release that is not ready is flagged. */
export const WARNING_WINDOW_MS = 24 * 3_600_000;

/**
 * Releases still to go out whose minute is within `WARNING_WINDOW_MS` (or already past) and that
 * are not ready, soonest first: the dashboard and the release screen warn about them.
 */
export async function releasesAtRisk(
  db: Db,
  now = currentTime(),
): Promise<{ id: number; title: string; scheduledAt: Date; overdue: boolean; missing: MissingApproval[] }[]> {
  const due = await db
    .select({ id: releases.id, title: releases.title, scheduledAt: releases.scheduledAt })
    .from(releases)
    .where(
      and(inArray(releases.status, ['confirmed', 'postponed']), lte(releases.scheduledAt, new Date(now.getTime() + WARNING_WINDOW_MS))),
    )
    .orderBy(releases.scheduledAt);
  const readiness = await readinessOf(
    db,
    due.map((r) => r.id),
  );
  return due.flatMap((r) => {
    const state = readiness.get(r.id);
    return state && !state.ready ? [{ ...r, overdue: r.scheduledAt <= now, missing: state.missing }] : [];
  });
}

/**
 * The publications the scheduler must hold at `now`: those linked to a release whose minute has
 * come but which is not ready. Read inside the scheduler's transaction.
 */
export async function heldPublications(tx: Db, now: Date): Promise<number[]> {
  const due = await tx
    .select({ id: releases.id })
    .from(releases)
    .where(and(inArray(releases.status, ['confirmed', 'postponed']), lte(releases.scheduledAt, now)));
  const readiness = await readinessOf(
    tx,
    due.map((r) => r.id),
  );
  const held = due.filter((r) => !readiness.get(r.id)?.ready).map((r) => r.id);
  if (held.length === 0) return [];
  const rows = await tx
    .select({ id: releasePublications.publicationId })
    .from(releasePublications)
    .where(inArray(releasePublications.releaseId, held));
  return rows.map((r) => r.id);
}

/** The releases among these that are ready to go out. */
export async function readyReleases(tx: Db, ids: number[]): Promise<Set<number>> {
  const readiness = await readinessOf(tx, ids);
  return new Set([...readiness.values()].filter((r) => r.ready).map((r) => r.releaseId));
}

const releaseTags = [tags.releases, tags.sitemap];

/**
 * A step of a release's review, version-checked: `submit` (its writers), `approve` (a publisher:
 * the entry and every piece not yet approved, each by someone other than its last writer unless
 * self-approval), `return` with a `note`. Refused in French, changing nothing.
 */
export async function reviewRelease(
  db: Db,
  {
    id,
    expectedVersion,
    step,
    note,
    actor,
    now = currentTime(),
  }: { id: number; expectedVersion: number; step: 'submit' | 'approve' | 'return'; note?: string; actor: Actor; now?: Date },
): Promise<ReleaseWrite> {
  const reason = note?.trim() ?? '';
  if (step === 'return' && reason === '') return { ok: false, error: 'Dites ce qu’il faut revoir dans cette parution.', field: 'note' };
  if (reason.length > 2_000) return { ok: false, error: 'La raison tient en 2 000 caractères au plus.', field: 'note' };
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(releases).where(eq(releases.id, id)).for('update');
    if (!current) return { ok: false as const, error: 'Cette parution n’existe plus.' };
    if (current.version !== expectedVersion)
      return { ok: false as const, error: 'Quelqu’un a modifié cette parution pendant que vous la relisiez : rechargez la page.' };
    if (current.status === 'cancelled' || current.status === 'published')
      return {
        ok: false as const,
        error: `Cette parution est ${current.status === 'cancelled' ? 'annulée' : 'publiée'} : il n’y a plus rien à relire.`,
      };
    const reviewer = { userId: actor.user.id, selfApproval: await selfApprovalAllowed(tx) };
    const stamp = { version: current.version + 1, updatedAt: now, reviewedBy: actor.user.id, reviewedAt: now };
    let summary: string;
    if (step === 'submit') {
      if (current.review !== 'none')
        return {
          ok: false as const,
          error: current.review === 'submitted' ? 'Cette parution est déjà soumise pour relecture.' : 'Cette parution est déjà approuvée.',
        };
      await tx
        .update(releases)
        .set({ ...stamp, review: 'submitted', reviewNote: null })
        .where(eq(releases.id, id));
      summary = `Parution soumise pour relecture : « ${current.title} ».`;
    } else if (step === 'return') {
      if (current.review === 'none') return { ok: false as const, error: 'Cette parution n’est pas soumise pour relecture.' };
      await tx
        .update(releases)
        .set({ ...stamp, review: 'none', reviewNote: reason })
        .where(eq(releases.id, id));
      summary = `Parution renvoyée à son rédacteur : « ${current.title} » — ${reason}`;
    } else {
      if (current.review === 'approved') return { ok: false as const, error: 'Cette parution est déjà approuvée.' };
      // The entry as a submitted item, whatever its state: a publisher may approve a release nobody submitted, if they did not write it.
      const entryRefusal = approvalRefusal({ review: 'submitted', editedBy: current.editedBy }, reviewer, 'cette parution');
      if (entryRefusal) return { ok: false as const, error: entryRefusal };
      const pieces = (await piecesOf(tx, [id])).get(id) ?? [];
      const pending = pieces.filter((p) => p.review !== 'approved');
      for (const piece of pending) {
        if (piece.writer === actor.user.id && !reviewer.selfApproval) {
          return { ok: false as const, error: `Vous avez écrit ${piece.label} : une seconde personne doit approuver cette parution.` };
        }
      }
      // A Rédacteur's announcement reaches the public calendar with its first approval.
      await tx
        .update(releases)
        .set({ ...stamp, review: 'approved', reviewNote: null, publicSince: current.publicSince ?? now })
        .where(eq(releases.id, id));
      const reviewed = { review: 'approved' as const, reviewedBy: actor.user.id, reviewedAt: now, reviewNote: null };
      const pubIds = pending.filter((p) => p.kind === 'publication').map((p) => p.id);
      if (pubIds.length > 0) await tx.update(publications).set(reviewed).where(inArray(publications.id, pubIds));
      for (const { versioning, piece } of carriedVersionings) {
        const ids = pending.filter((p) => p.kind === piece).map((p) => p.id);
        await approveWithRelease(tx, versioning, ids, actor.user.id, now);
      }
      summary =
        `Parution approuvée : « ${current.title} »` + (pending.length > 0 ? `, avec ${pending.map((p) => p.label).join(', ')}.` : '.');
    }
    await writeAudit(tx, {
      ...actor,
      action: `release.${step}`,
      entityType: 'release',
      entityId: id,
      summary,
      before: { review: current.review },
      after: {
        review: step === 'submit' ? 'submitted' : step === 'return' ? 'none' : 'approved',
        ...(step === 'return' ? { note: reason } : {}),
      },
    });
    // A review step changes nothing public, but for a release approved after its minute (it goes out
    // at the next run) or first shown on the public calendar.
    const shown = step === 'approve' && (current.scheduledAt <= now || current.publicSince === null);
    return { ok: true as const, id, slug: current.slug, tags: shown ? releaseTags : [] };
  });
}

/** A release submitted for review, for the « À relire » screen. */
export type ReleaseAwaitingReview = {
  id: number;
  title: string;
  area: string;
  scheduledAt: Date;
  editedBy: string | null;
  submittedAt: Date | null;
};

/** Releases still to go out that wait for review, soonest first. */
export async function releasesAwaitingReview(db: Db): Promise<ReleaseAwaitingReview[]> {
  return db
    .select({
      id: releases.id,
      title: releases.title,
      area: releases.area,
      scheduledAt: releases.scheduledAt,
      editedBy: releases.editedBy,
      submittedAt: releases.reviewedAt,
    })
    .from(releases)
    .where(and(eq(releases.review, 'submitted'), inArray(releases.status, ['announced', 'confirmed', 'postponed'])))
    .orderBy(releases.scheduledAt)
    .limit(200);
}
