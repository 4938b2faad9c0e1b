/**
 * The life of a version, for every kind of versioned data (lib/versions/model.ts): written —
 * approved at once, or submitted for review —, approved by a second person or sent back with a
 * reason, cancelled while not public, announced when its time (and its release) comes. One version
 * not yet public per owner at a time, so versions are numbered in publication order and the data at
 * an instant is well defined. Every write audits in its own transaction and returns the cache tags
 * it touched; refusals are French.
 *
 * Review (lib/review/model.ts): a version's writer is its `createdBy`. A Rédacteur's version is
 * submitted for review; an approver's too, unless self-approval is on. A second person approves it
 * or sends it back; a version not approved is public nowhere, even after its time.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { writeAudit } from '@/lib/audit/write';
import type { Db } from '@/lib/db/open';
import { releases } from '@/lib/db/schema';
import { approvalRefusal } from '@/lib/review/model';
import { selfApprovalAllowed } from '@/lib/review/settings';
import { notPublic, publicBy } from './filters';
import {
  changeKindLabel,
  formatUtc,
  type Actor,
  type Owner,
  type Versioning,
  type VersionFollowers,
  type VersionRecord,
  type VersionTerms,
  type VersionWrite,
} from './model';
import { currentTime } from '@/lib/clock';

/** The version columns the core reads. */
const recordOf = (kind: Versioning) => {
  const v = kind.versions;
  return {
    id: v.id,
    number: v.number,
    publishedAt: v.publishedAt,
    kind: v.kind,
    reason: v.reason,
    announcedAt: v.announcedAt,
    releaseId: v.releaseId,
    createdBy: v.createdBy,
    review: v.review,
    reviewedBy: v.reviewedBy,
    reviewNote: v.reviewNote,
  };
};
const ownerOf = (kind: Versioning) => ({ id: kind.owners.id, code: kind.owners.code, area: kind.owners.area });

/** A refusal that undoes the whole transaction (several versions are written all or none). */
class Rollback extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}
/** Ends the transaction: nothing of it is written, and the write answers `reason`. */
export function rollback(reason: string): never {
  throw new Rollback(reason);
}
/** Runs a write in a transaction whose `rollback(reason)` becomes the French refusal. */
export async function writeInTransaction<T>(db: Db, write: (tx: Db) => Promise<VersionWrite<T>>): Promise<VersionWrite<T>> {
  return db.transaction(write).catch((error: unknown): VersionWrite<T> => {
    if (error instanceof Rollback) return { ok: false, error: error.reason };
    throw error;
  });
}

/** Why these terms cannot make a version (French, with its field), before anything is read: a correction says what it corrects. */
export function termsRefusal(terms: Pick<VersionTerms, 'kind' | 'reason'>): { ok: false; error: string; field: string } | null {
  const reason = terms.reason.trim();
  if (reason.length > 500) return { ok: false, error: 'La raison : 500 caractères au plus.', field: 'reason' };
  if (terms.kind === 'correction' && reason.length < 5)
    return { ok: false, error: 'Une correction dit ce qu’elle corrige : indiquez la raison.', field: 'reason' };
  return null;
}

/** New versions' time and review, decided once for a write (several owners may take one). */
export type OpenedTerms = {
  now: Date;
  publishedAt: Date;
  /** Approved at once: an approver under self-approval. */
  approved: boolean;
  review: 'approved' | 'submitted';
  reason: string;
  terms: VersionTerms;
};

/**
 * Inside the write's transaction: decides the review (approved at once only for an approver under
 * self-approval) and the time — the release's, locked against a move or a cancellation while its
 * versions are written, when there is one.
 */
export async function openTerms(tx: Db, terms: VersionTerms): Promise<OpenedTerms> {
  const now = terms.now ?? currentTime();
  let publishedAt = terms.publishAt && terms.publishAt > now ? terms.publishAt : now;
  const approved = terms.approver && (await selfApprovalAllowed(tx));
  if (terms.releaseId !== undefined) {
    const [release] = await tx.select().from(releases).where(eq(releases.id, terms.releaseId)).for('update');
    if (!release || (release.status !== 'confirmed' && release.status !== 'postponed') || release.scheduledAt <= now) {
      rollback('Cette parution ne prend plus de contenu (date passée, non confirmée, annulée ou publiée) : choisissez-en une autre.');
    }
    publishedAt = release.scheduledAt;
  }
  return { now, publishedAt, approved, review: approved ? 'approved' : 'submitted', reason: terms.reason.trim(), terms };
}

/** The owner by its code, locked: two people writing its versions at once are serialized. */
export async function lockOwner(tx: Db, kind: Versioning, code: string): Promise<Owner | null> {
  const [owner] = await tx.select(ownerOf(kind)).from(kind.owners.table).where(eq(kind.owners.code, code)).for('update');
  return owner ?? null;
}

/** Why an owner cannot take a new version while this one is not public (French). */
function pendingRefusal(kind: Versioning, code: string, pending: { number: number; publishedAt: Date; review: string }): string {
  const The = kind.words.The(code);
  if (pending.review === 'submitted') {
    return (
      `${The} a déjà une version en attente de relecture (version ${pending.number}) : ` +
      'faites-la approuver ou annulez-la avant d’en préparer une autre.'
    );
  }
  if (pending.review === 'none') {
    return `${The} a une version renvoyée à son rédacteur (version ${pending.number}) : annulez-la avant d’en préparer une autre.`;
  }
  return (
    `${The} a déjà une version programmée (version ${pending.number}, le ${formatUtc(pending.publishedAt)}) : ` +
    'attendez sa mise en ligne ou annulez-la d’abord.'
  );
}

/**
 * Inside the write's transaction: the owner that takes a new version, locked (two people writing
 * its versions at once are serialized, the second sees the first's version). Refused — the whole
 * write undone — when it does not exist, or while it has a version not yet public.
 */
export async function ownerForVersion(tx: Db, kind: Versioning, opened: OpenedTerms, code: string): Promise<Owner> {
  const owner = await lockOwner(tx, kind, code);
  if (!owner) rollback(`${kind.words.The(code)} n’existe pas ou plus.`);
  const v = kind.versions;
  const [pending] = await tx
    .select({ number: v.number, publishedAt: v.publishedAt, review: v.review })
    .from(v.table)
    .where(and(eq(v.owner, owner.id), notPublic(kind, opened.now)))
    .limit(1);
  if (pending) rollback(pendingRefusal(kind, code, pending));
  return owner;
}

/**
 * Adds a version to an owner from `ownerForVersion`, numbered after its last one. `content`: the
 * kind's own columns (a table's structure and cell count). Returns the version's id and number;
 * the kind then writes what the version holds.
 */
export async function insertVersion(
  tx: Db,
  kind: Versioning,
  opened: OpenedTerms,
  owner: Owner,
  content: Record<string, unknown> = {},
): Promise<{ id: number; number: number }> {
  const v = kind.versions;
  const { now, publishedAt, approved, review, reason, terms } = opened;
  const [{ next }] = (await tx
    .select({ next: sql<number>`coalesce(max(${v.number}), 0) + 1` })
    .from(v.table)
    .where(eq(v.owner, owner.id))) as [{ next: number }];
  const number = Number(next);
  const [version] = await tx
    .insert(v.table)
    .values({
      ...content,
      [v.ownerKey]: owner.id,
      number,
      publishedAt,
      kind: terms.kind,
      reason,
      announcedAt: approved && publishedAt <= now ? now : null,
      releaseId: terms.releaseId ?? null,
      createdBy: terms.actor.user.id,
      review,
      ...(approved ? { reviewedBy: terms.actor.user.id, reviewedAt: now } : {}),
    })
    .returning({ id: v.id });
  return { id: version!.id, number };
}

/**
 * The audit entry of a version written: `series.submit`, `.publish` or `.schedule` with « Série
 * IPC, version 3 (correction) publiée : {detail} Raison : … ». Returns whether it is public now
 * (its owner's caches are then told at once).
 */
export async function auditVersion(
  tx: Db,
  kind: Versioning,
  opened: OpenedTerms,
  version: { code: string; number: number },
  { detail, after }: { detail: string; after: Record<string, unknown> },
): Promise<boolean> {
  const { now, publishedAt, approved, review, reason, terms } = opened;
  const live = approved && publishedAt <= now;
  const state = !approved
    ? `soumise pour relecture${publishedAt > now ? ` (prévue le ${formatUtc(publishedAt)})` : ''}`
    : live
      ? 'publiée'
      : `programmée le ${formatUtc(publishedAt)}`;
  await writeAudit(tx, {
    ...terms.actor,
    action: `${kind.audit.prefix}.${!approved ? 'submit' : live ? 'publish' : 'schedule'}`,
    entityType: kind.audit.entityType,
    entityId: version.code,
    summary:
      `${kind.words.title(version.code)}, version ${version.number} (${changeKindLabel[terms.kind]}) ${state} : ${detail}` +
      (reason ? ` Raison : ${reason}` : ''),
    after: { number: version.number, publishedAt: publishedAt.toISOString(), kind: terms.kind, reason, ...after, review },
  });
  return live;
}

/**
 * Cancels a version not yet public: scheduled for later, or waiting for review (submitted or sent
 * back, whatever its time). Nothing of it was ever public; what it holds goes with it.
 */
export async function cancelVersion(
  db: Db,
  kind: Versioning,
  { code, number, actor, now = currentTime() }: { code: string; number: number; actor: Actor; now?: Date },
  followers?: VersionFollowers,
): Promise<VersionWrite<null>> {
  const v = kind.versions;
  return db.transaction(async (tx) => {
    const owner = await lockOwner(tx, kind, code);
    if (!owner) return { ok: false as const, error: `${kind.words.The(code)} n’existe pas ou plus.` };
    let tags: string[] = [];
    if (followers) {
      const [target] = await tx
        .select({ id: v.id })
        .from(v.table)
        .where(and(eq(v.owner, owner.id), eq(v.number, number), notPublic(kind, now)));
      if (target) {
        const followed = await followers.cancel(tx, { versionId: target.id, actor, now });
        if (!followed.ok) return { ok: false as const, error: followed.error };
        tags = followed.tags;
      }
    }
    const [deleted] = await tx
      .delete(v.table)
      .where(and(eq(v.owner, owner.id), eq(v.number, number), notPublic(kind, now)))
      .returning(recordOf(kind));
    if (!deleted) {
      return {
        ok: false as const,
        error: `${kind.words.version(number, code)} est déjà en ligne ou n’existe plus : elle ne peut plus être annulée.`,
      };
    }
    const what =
      deleted.review === 'approved'
        ? `programmée le ${formatUtc(deleted.publishedAt)}`
        : deleted.review === 'submitted'
          ? 'en attente de relecture'
          : 'renvoyée à son rédacteur';
    await writeAudit(tx, {
      ...actor,
      action: `${kind.audit.prefix}.unschedule`,
      entityType: kind.audit.entityType,
      entityId: code,
      summary: `${kind.words.title(code)} : version ${number} ${what} annulée.`,
      before: { number, publishedAt: deleted.publishedAt.toISOString(), review: deleted.review },
    });
    return { ok: true as const, value: null, tags };
  });
}

/** The version to review, its owner locked for the change; or the French reason there is none. */
async function lockedVersion(
  tx: Db,
  kind: Versioning,
  code: string,
  number: number,
): Promise<{ error: string } | { owner: Owner; version: VersionRecord }> {
  const owner = await lockOwner(tx, kind, code);
  if (!owner) return { error: `${kind.words.The(code)} n’existe pas ou plus.` };
  const v = kind.versions;
  const [version] = await tx
    .select(recordOf(kind))
    .from(v.table)
    .where(and(eq(v.owner, owner.id), eq(v.number, number)))
    .for('update');
  if (!version) return { error: `${kind.words.version(number, code)} n’existe plus (annulée ?) : rechargez la page.` };
  return { owner, version };
}

/**
 * Approves a version submitted for review, by someone other than its writer (unless self-approval
 * is on: lib/review/model.ts `approvalRefusal`). A version on its own whose time has already come
 * goes public at once: its time becomes now (it was public nowhere before, and a reader asking « as
 * of » an earlier instant must not see it), the caches are told and it is marked announced. One
 * scheduled for later, or coming out with a calendar release, goes out at its time — the release's,
 * once the release is out (the scheduler announces it then).
 */
export async function approveVersion(
  db: Db,
  kind: Versioning,
  { code, number, actor, now = currentTime() }: { code: string; number: number; actor: Actor; now?: Date },
  followers?: VersionFollowers,
): Promise<VersionWrite<{ publishedAt: Date; public: boolean }>> {
  return db.transaction(async (tx) => {
    const found = await lockedVersion(tx, kind, code, number);
    if ('error' in found) return { ok: false as const, error: found.error };
    const { owner, version } = found;
    const name = kind.words.version(number, code);
    if (version.review === 'approved') return { ok: false as const, error: `${name} est déjà approuvée.` };
    if (version.review === 'none') {
      return { ok: false as const, error: `${name} a été renvoyée à son rédacteur : il l’annule et en prépare une nouvelle.` };
    }
    const refusal = approvalRefusal(
      { review: version.review, editedBy: version.createdBy },
      { userId: actor.user.id, selfApproval: await selfApprovalAllowed(tx) },
      kind.words.the(code),
    );
    if (refusal) return { ok: false as const, error: refusal };
    const followed = followers ? await followers.approve(tx, { versionId: version.id, actor, now }) : { ok: true as const, tags: [] };
    if (!followed.ok) return { ok: false as const, error: followed.error };
    const due = version.publishedAt <= now && version.releaseId === null;
    const v = kind.versions;
    const [approved] = await tx
      .update(v.table)
      .set({
        review: 'approved',
        reviewedBy: actor.user.id,
        reviewedAt: now,
        reviewNote: null,
        ...(due ? { publishedAt: now, announcedAt: now } : {}),
      })
      .where(eq(v.id, version.id))
      .returning({ publishedAt: v.publishedAt });
    await writeAudit(tx, {
      ...actor,
      action: `${kind.audit.prefix}.approve`,
      entityType: kind.audit.entityType,
      entityId: code,
      summary: `${kind.words.title(code)} : version ${number} approuvée, ${due ? 'mise en ligne' : `en ligne le ${formatUtc(version.publishedAt)}`}.`,
      before: { number, review: version.review, publishedAt: version.publishedAt.toISOString() },
      after: { number, review: 'approved', publishedAt: approved!.publishedAt.toISOString() },
    });
    return {
      ok: true as const,
      value: { publishedAt: approved!.publishedAt, public: due },
      tags: [...(due ? kind.tags(owner) : []), ...followed.tags],
    };
  });
}

/**
 * Sends a version submitted for review back to its writer, with the reason (required, French error
 * on `note`). It stays public nowhere; its writer cancels it and prepares a new one.
 */
export async function returnVersion(
  db: Db,
  kind: Versioning,
  { code, number, note, actor, now = currentTime() }: { code: string; number: number; note: string; actor: Actor; now?: Date },
  followers?: VersionFollowers,
): Promise<VersionWrite<null>> {
  const text = note.trim();
  if (text === '') return { ok: false, error: 'Dites au rédacteur ce qu’il faut revoir.', field: 'note' };
  if (text.length > 2_000) return { ok: false, error: 'La raison tient en 2 000 caractères au plus.', field: 'note' };
  return db.transaction(async (tx) => {
    const found = await lockedVersion(tx, kind, code, number);
    if ('error' in found) return { ok: false as const, error: found.error };
    const { version } = found;
    if (version.review !== 'submitted') {
      return { ok: false as const, error: `${kind.words.version(number, code)} n’est pas en attente de relecture : rechargez la page.` };
    }
    const followed = followers
      ? await followers.sendBack(tx, { versionId: version.id, actor, now, note: text })
      : { ok: true as const, tags: [] };
    if (!followed.ok) return { ok: false as const, error: followed.error };
    await tx
      .update(kind.versions.table)
      .set({ review: 'none', reviewedBy: actor.user.id, reviewedAt: now, reviewNote: text })
      .where(eq(kind.versions.id, version.id));
    await writeAudit(tx, {
      ...actor,
      action: `${kind.audit.prefix}.return`,
      entityType: kind.audit.entityType,
      entityId: code,
      summary: `${kind.words.title(code)} : version ${number} renvoyée à son rédacteur. Raison : ${text}`,
      before: { number, review: 'submitted' },
      after: { number, review: 'none', reviewNote: text },
    });
    return { ok: true as const, value: null, tags: followed.tags };
  });
}

/**
 * Marks the approved versions whose time has come (and whose release, if any, is out: published
 * earlier in the same run) as announced, and returns the tags of their owners, for the scheduler to
 * invalidate. Idempotent across instances: each version is announced once. A version not approved
 * stays unannounced: approving it later announces it (`approveVersion`).
 */
export async function announceDueVersions(
  db: Db,
  kind: Versioning,
  now = currentTime(),
): Promise<{ versions: { code: string; number: number }[]; tags: string[] }> {
  const v = kind.versions;
  const due = await db
    .update(v.table)
    .set({ announcedAt: now })
    .where(and(isNull(v.announcedAt), publicBy(kind, now)))
    .returning({ owner: v.owner, number: v.number });
  if (due.length === 0) return { versions: [], tags: [] };
  const owners = new Map((await db.select(ownerOf(kind)).from(kind.owners.table)).map((o) => [o.id, o]));
  const versions = due.flatMap((d) => {
    const owner = owners.get(d.owner);
    return owner ? [{ code: owner.code, number: d.number, owner }] : [];
  });
  for (const version of versions) {
    await writeAudit(db, {
      action: `${kind.audit.prefix}.publish`,
      entityType: kind.audit.entityType,
      entityId: version.code,
      summary: `${kind.words.title(version.code)} : version ${version.number} mise en ligne à l’heure prévue.`,
    });
  }
  return {
    versions: versions.map(({ code, number }) => ({ code, number })),
    tags: [...new Set(versions.flatMap((version) => kind.tags(version.owner)))],
  };
}

type Step = { code: string; number: number; actor: Actor; now?: Date };

/**
 * A kind's life-cycle, bound to it: what lib/series and lib/tables export under the names other
 * code calls (`approveVersion`, `approveTableVersion`…), each the function above for that kind, with
 * the versions that follow its versions (`followers`: a table's slice series) reviewed and cancelled with them.
 */
export function lifecycleOf(kind: Versioning, followers?: VersionFollowers) {
  return {
    /** `approveVersion` for this kind. */
    approve: (db: Db, step: Step) => approveVersion(db, kind, step, followers),
    /** `returnVersion` for this kind. */
    sendBack: (db: Db, step: Step & { note: string }) => returnVersion(db, kind, step, followers),
    /** `cancelVersion` for this kind. */
    cancel: (db: Db, step: Step) => cancelVersion(db, kind, step, followers),
    /** `announceDueVersions` for this kind. */
    announceDue: (db: Db, now = currentTime()) => announceDueVersions(db, kind, now),
  };
}
