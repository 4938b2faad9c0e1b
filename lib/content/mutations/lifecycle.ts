/**
 * The life cycle every publishable kind shares (publications, news, events, galleries, tenders):
 * optimistic versions, publish / schedule / unpublish, trash / restore, final
 * deletion, their audit entries and the cache tags they touch. A kind describes itself once
 * (`Kind`, lib/content/kinds); the functions here work on any table built with the schema's `lifecycle()`
 * columns. Plain `(db, …)` functions: no Next imports, tested against PGlite and Postgres.
 */
import { and, eq, inArray, isNull, lte, notInArray, sql } from 'drizzle-orm';
import type { PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { writeAudit } from '@/lib/audit/write';
import type { SessionUser } from '@/lib/auth/types';
import type { ItemRow, ItemTable, Kind, KindWords, RowOf } from '@/lib/content/kinds/kind';
import type { Db } from '@/lib/db/open';
import { users } from '@/lib/db/schema';
import { ConflictError, NotFoundError, ValidationError, type DomainError } from '@/lib/errors';
import { formatDate, formatDateTime } from '@/lib/i18n/format';
import {
  approvalRefusal,
  approvesOnPublication,
  publicationRefusal,
  returnRefusal,
  submissionRefusal,
  type Reviewer,
} from '@/lib/review/model';
import { selfApprovalAllowed } from '@/lib/review/settings';
import { currentTime } from '@/lib/clock';

/** What the life cycle needs of a kind (see `Kind`): its table, its words and its tags. */
export type LifecycleKind<T extends ItemTable = ItemTable> = Pick<Kind<T>, 'table' | 'entity' | 'words' | 'tags' | 'heldBy'>;

/** The transitions that decide when an item is public: refused while something else holds that (`Kind.heldBy`). */
const timed = new Set(['publish', 'schedule', 'unpublish']);

/** Optional context of a write: the client address for the audit log, and the clock (tests). */
export type WriteOptions = { ip?: string | null; now?: Date };

/** What a write returns: the item as it now is and the cache tags to invalidate. */
export type WriteResult<R> = { item: R; tags: string[] };

/**
 * What a bulk change returns: the items changed, the ids left alone, the tags to invalidate, and
 * among the ids left alone those the change refuses, with the reason the item's own screen gives
 * (French), so the list can say why rather than « already in this state ».
 */
export type BulkResult<R> = { items: R[]; skipped: number[]; refused: { id: number; reason: string }[]; tags: string[] };

/** A past participle agreeing with the kind's noun: `agree('mis', words)` → « mise ». */
export const agree = (participle: string, words: KindWords) => (words.feminine ? `${participle}e` : participle);

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

// Same time zone as lib/i18n/format.ts, so « à 14:32 » matches the dates shown elsewhere.
const timeFmt = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

/** « à 14:32 » today, « le 3 mars 2026 à 14:32 » another day. */
function whenSaved(at: Date, now: Date): string {
  return formatDate(at) === formatDate(now) ? `à ${timeFmt.format(at)}` : `le ${formatDateTime(at)}`;
}

/** Unique tags of several changes, in first-seen order. */
export const mergeTags = (...lists: string[][]) => [...new Set(lists.flat())];

/**
 * Rows of a kind's table as its row type. Drizzle cannot infer a select on a table known only
 * by its constraint, so the one conversion of the generic write path lives here.
 */
export async function readRows<T extends ItemTable>(
  db: Db,
  kind: Pick<LifecycleKind<T>, 'table'>,
  ids: readonly number[],
): Promise<RowOf<T>[]> {
  const t = kind.table;
  return (await db
    .select()
    .from(t as PgTable)
    .where(inArray(t.id, [...ids]))) as RowOf<T>[];
}

/** The same rows, locked until the end of the transaction (`FOR UPDATE`). */
async function lockRows<T extends ItemTable>(tx: Db, kind: Pick<LifecycleKind<T>, 'table'>, ids: readonly number[]): Promise<RowOf<T>[]> {
  const t = kind.table;
  return (await tx
    .select()
    .from(t as PgTable)
    .where(inArray(t.id, [...ids]))
    .for('update')) as RowOf<T>[];
}

/** « Cette publication n’existe pas ou plus… » for an item that is gone (deleted for good). */
export const notFoundError = (words: KindWords) =>
  new NotFoundError(
    `${capitalise(words.this)} n’existe pas ou plus : ${words.feminine ? 'elle' : 'il'} ` +
      `a peut-être été ${agree('supprimé', words)} définitivement. Rechargez la liste.`,
  );

/**
 * The error for a versioned write that matched no row: `NotFoundError` when the item is gone,
 * otherwise a `ConflictError` naming who saved it meanwhile and when.
 */
export async function staleVersionError(
  db: Db,
  kind: Pick<LifecycleKind, 'table' | 'words'>,
  id: number,
  user: SessionUser | null,
  now = currentTime(),
): Promise<DomainError> {
  const t = kind.table;
  const [row] = await db
    .select({ updatedAt: t.updatedAt, updatedBy: t.updatedBy, name: users.name })
    .from(t)
    .leftJoin(users, eq(users.id, t.updatedBy))
    .where(eq(t.id, id))
    .limit(1);
  if (!row) return notFoundError(kind.words);
  return conflictError(
    { updatedAt: row.updatedAt as Date, updatedBy: row.updatedBy as string | null, name: row.name },
    kind.words,
    user,
    now,
  );
}

/**
 * The conflict of a versioned write that matched nothing, for any versioned record: who saved it
 * meanwhile and when (« Hélène Diallo a enregistré cette publication à 14:32 … »), or that it was
 * oneself in another window. Nothing was written; the message says how to recover.
 */
export function conflictError(
  saved: { updatedAt: Date; updatedBy: string | null; name: string | null },
  words: Pick<KindWords, 'this' | 'pronoun'>,
  user: SessionUser | null,
  now = currentTime(),
): ConflictError {
  const when = whenSaved(saved.updatedAt, now);
  const lost = 'Vos changements n’ont pas été enregistrés : rechargez la page pour voir sa version, puis refaites vos modifications.';
  const message =
    user && saved.updatedBy === user.id
      ? `Vous avez enregistré ${words.this} ${when} dans une autre fenêtre pendant que vous ${words.pronoun} modifiiez ici. ${lost}`
      : `${saved.name ?? 'Quelqu’un d’autre'} a enregistré ${words.this} ${when} pendant que vous ${words.pronoun} modifiiez. ${lost}`;
  return new ConflictError(message);
}

/**
 * The optimistic write: one `UPDATE … WHERE id = $id AND version = $expected` that bumps the
 * version and records who and when. When no row matches, nothing is written and the error says
 * why (`staleVersionError`). Run it inside the caller's transaction when other writes go with it.
 */
export async function versionedUpdate<T extends ItemTable>(
  db: Db,
  kind: LifecycleKind<T>,
  {
    id,
    expectedVersion,
    values,
    user,
    now = currentTime(),
  }: { id: number; expectedVersion: number; values: Record<string, unknown>; user: SessionUser; now?: Date },
): Promise<RowOf<T>> {
  const t = kind.table;
  const set = { ...values, version: sql`${t.version} + 1`, updatedAt: now, updatedBy: user.id } as PgUpdateSetSource<T>;
  const [row] = (await db
    .update(t)
    .set(set)
    .where(and(eq(t.id, id), eq(t.version, expectedVersion)))
    .returning()) as RowOf<T>[];
  if (!row) throw await staleVersionError(db, kind, id, user, now);
  return row;
}

/** Who makes a change, and the institute's review setting (lib/review). */
type ChangeContext = Reviewer & { now: Date; at?: Date; note?: string };

type Transition = {
  action: 'publish' | 'schedule' | 'unpublish' | 'trash' | 'restore' | 'submit' | 'approve' | 'return';
  /** Why the change cannot apply to this row (French), or null when it can. */
  refusal(row: ItemRow, words: KindWords, ctx: ChangeContext): string | null;
  /** True when the row is already in the target state: nothing to write. */
  done(row: ItemRow, now: Date): boolean;
  values(t: ItemTable, ctx: ChangeContext, row: ItemRow): Record<string, unknown>;
  summary(words: KindWords, title: string, ctx: ChangeContext): string;
  /** Columns recorded before and after in the audit entry. */
  audited: readonly (keyof ItemRow)[];
};

const inTrash = (row: ItemRow, words: KindWords, doing: string) =>
  row.deletedAt ? `${capitalise(words.this)} est dans la corbeille : restaurez-${words.pronoun} avant de ${words.pronoun} ${doing}.` : null;

const isLive = (row: ItemRow, now: Date) => row.status === 'published' && row.publishedAt !== null && row.publishedAt <= now;

const timestamp = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Trash first, then the review rule of going public (lib/review/model.ts). */
const publicationCheck = (row: ItemRow, words: KindWords, ctx: ChangeContext, doing: string) =>
  inTrash(row, words, doing) ?? publicationRefusal(row, ctx, words.this);

/** Going public approves an item not yet approved (its last writer was refused above, unless self-approval). */
const approvalValues = (row: ItemRow, ctx: ChangeContext) =>
  approvesOnPublication(row) ? { review: 'approved', reviewedBy: ctx.userId, reviewedAt: ctx.now, reviewNote: null } : {};

const transitions = {
  publish: {
    action: 'publish',
    refusal: (row, words, ctx) => publicationCheck(row, words, ctx, 'mettre en ligne'),
    done: isLive,
    // A date already in the past is kept (an item put back online keeps its release date).
    values: (t, ctx, row) => ({
      status: 'published',
      publishedAt: sql`case when ${t.publishedAt} <= ${timestamp(ctx.now)} then ${t.publishedAt} else ${timestamp(ctx.now)} end`,
      ...approvalValues(row, ctx),
    }),
    summary: (words, title) => `${words.noun} ${agree('mis', words)} en ligne : « ${title} »`,
    audited: ['status', 'publishedAt', 'review'],
  },
  schedule: {
    action: 'schedule',
    refusal: (row, words, ctx) => publicationCheck(row, words, ctx, 'programmer'),
    done: () => false,
    values: (_t, ctx, row) => ({ status: 'scheduled', publishedAt: ctx.at, ...approvalValues(row, ctx) }),
    summary: (words, title, ctx) => `${words.noun} ${agree('programmé', words)} pour le ${formatDateTime(ctx.at as Date)} : « ${title} »`,
    audited: ['status', 'publishedAt', 'review'],
  },
  submit: {
    action: 'submit',
    refusal: (row, words) => inTrash(row, words, 'soumettre') ?? submissionRefusal(row, words.this),
    done: () => false,
    values: (_t, ctx) => ({ review: 'submitted', reviewedBy: ctx.userId, reviewedAt: ctx.now, reviewNote: null }),
    summary: (words, title) => `${words.noun} ${agree('soumis', words)} pour relecture : « ${title} »`,
    audited: ['review'],
  },
  approve: {
    action: 'approve',
    refusal: (row, words, ctx) => inTrash(row, words, 'approuver') ?? approvalRefusal(row, ctx, words.this),
    done: () => false,
    values: (_t, ctx) => ({ review: 'approved', reviewedBy: ctx.userId, reviewedAt: ctx.now, reviewNote: null }),
    summary: (words, title) => `${words.noun} ${agree('approuvé', words)} : « ${title} »`,
    audited: ['review'],
  },
  return: {
    action: 'return',
    refusal: (row, words) => returnRefusal(row, words.this),
    done: () => false,
    values: (_t, ctx) => ({ review: 'none', reviewedBy: ctx.userId, reviewedAt: ctx.now, reviewNote: ctx.note ?? '' }),
    summary: (words, title, ctx) => `${words.noun} ${agree('renvoyé', words)} à son rédacteur : « ${title} » — ${ctx.note ?? ''}`,
    audited: ['review', 'reviewNote'],
  },
  unpublish: {
    action: 'unpublish',
    refusal: (row, words) => inTrash(row, words, 'retirer du site'),
    done: (row) => row.status === 'draft',
    // publishedAt stays: publishing again keeps the original release date.
    values: () => ({ status: 'draft' }),
    summary: (words, title) => `${words.noun} ${agree('retiré', words)} du site (brouillon) : « ${title} »`,
    audited: ['status', 'publishedAt'],
  },
  trash: {
    action: 'trash',
    refusal: (row, words) => (row.deletedAt ? `${capitalise(words.this)} est déjà dans la corbeille.` : null),
    done: () => false,
    values: (_t, ctx) => ({ deletedAt: ctx.now }),
    summary: (words, title) => `${words.noun} ${agree('mis', words)} à la corbeille : « ${title} »`,
    audited: ['deletedAt'],
  },
  restore: {
    action: 'restore',
    refusal: (row, words) => (row.deletedAt ? null : `${capitalise(words.this)} n’est pas dans la corbeille.`),
    done: () => false,
    values: () => ({ deletedAt: null }),
    summary: (words, title) => `${words.noun} ${agree('restauré', words)} depuis la corbeille : « ${title} »`,
    audited: ['deletedAt'],
  },
} as const satisfies Record<string, Transition>;

export type TransitionName = keyof typeof transitions;

const pick = (row: ItemRow, keys: readonly (keyof ItemRow)[]) => Object.fromEntries(keys.map((k) => [k, row[k]]));

/** Refuses a scheduling date that is not in the future (French, on the `publishedAt` field). */
function checkScheduleDate(at: Date, now: Date): void {
  const message = Number.isNaN(at.getTime())
    ? 'Indiquez une date et une heure de mise en ligne valides.'
    : at <= now
      ? 'La date de mise en ligne doit être dans le futur : choisissez une date et une heure à venir, ou mettez en ligne tout de suite.'
      : null;
  if (message) throw new ValidationError(message, { publishedAt: [message] });
}

/**
 * Applies one life-cycle change to one item, version-checked: the row is locked, its version
 * compared, then one versioned UPDATE; an audit entry goes in the same transaction. An item
 * already in the target state is returned as is (no write, no tags). Submitting, approving and
 * sending back (`note`: why) are changes of its review (lib/review); going public approves it.
 */
export async function changeLifecycle<T extends ItemTable>(
  db: Db,
  {
    kind,
    action: name,
    ...params
  }: {
    kind: LifecycleKind<T>;
    action: TransitionName;
    id: number;
    expectedVersion: number;
    user: SessionUser;
    at?: Date;
    note?: string;
  } & WriteOptions,
): Promise<WriteResult<RowOf<T>>> {
  const transition: Transition = transitions[name];
  const now = params.now ?? currentTime();
  if (name === 'schedule') checkScheduleDate(params.at ?? new Date(Number.NaN), now);
  if (name === 'return') checkReturnNote(params.note);
  const t = kind.table;
  return db.transaction(async (tx) => {
    const ctx: ChangeContext = {
      userId: params.user.id,
      selfApproval: await selfApprovalAllowed(tx),
      now,
      at: params.at,
      note: params.note?.trim(),
    };
    const [current] = await lockRows(tx, kind, [params.id]);
    if (!current) throw notFoundError(kind.words);
    if (current.version !== params.expectedVersion) throw await staleVersionError(tx, kind, params.id, params.user, now);
    const refusal =
      transition.refusal(current, kind.words, ctx) ?? (timed.has(name) && kind.heldBy ? await kind.heldBy(tx, params.id) : null);
    if (refusal) throw new ConflictError(refusal);
    if (transition.done(current, now)) return { item: current, tags: [] };
    const updated = await versionedUpdate(tx, kind, {
      id: params.id,
      expectedVersion: params.expectedVersion,
      values: transition.values(t, ctx, current),
      user: params.user,
      now,
    });
    await writeAudit(tx, {
      user: params.user,
      action: `${kind.entity}.${transition.action}`,
      entityType: kind.entity,
      entityId: updated.id,
      summary: transition.summary(kind.words, updated.title, ctx),
      before: pick(current, transition.audited),
      after: pick(updated, transition.audited),
      ip: params.ip,
    });
    // A review step changes nothing public.
    return { item: updated, tags: reviewSteps.has(name) ? [] : kind.tags(updated) };
  });
}

const reviewSteps = new Set<TransitionName>(['submit', 'approve', 'return']);

/** Sending an item back to its writer says why (French, on the `note` field). */
function checkReturnNote(note: string | undefined): void {
  const text = note?.trim() ?? '';
  const message =
    text === '' ? 'Dites au rédacteur ce qu’il faut revoir.' : text.length > 2_000 ? 'La raison tient en 2 000 caractères au plus.' : null;
  if (message) throw new ValidationError(message, { note: [message] });
}

/**
 * Applies one life-cycle change to several items in one transaction, without version check (the
 * list shows their current state). Items that are missing, refuse the change (a trashed item
 * cannot be published, nor one its last writer would approve alone) or are already in the target
 * state are skipped. One audit entry per item.
 */
export async function bulkChangeLifecycle<T extends ItemTable>(
  db: Db,
  {
    kind,
    action: name,
    ids,
    user,
    ip,
    now = currentTime(),
  }: {
    kind: LifecycleKind<T>;
    action: Exclude<TransitionName, 'schedule' | 'return'>;
    ids: readonly number[];
    user: SessionUser;
  } & WriteOptions,
): Promise<BulkResult<RowOf<T>>> {
  const transition: Transition = transitions[name];
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return { items: [], skipped: [], refused: [], tags: [] };
  if (wanted.length > 1000) throw new ValidationError('Sélectionnez au plus 1 000 éléments à la fois.');
  const t = kind.table;
  return db.transaction(async (tx) => {
    const ctx: ChangeContext = { userId: user.id, selfApproval: await selfApprovalAllowed(tx), now };
    const rows = await lockRows(tx, kind, wanted);
    // Refused by the transition's rule or held by a release (it goes out at the release's minute):
    // the reasons the item's own screen gives, in the order the single change above checks them.
    const refused: { id: number; reason: string }[] = [];
    const eligible: RowOf<T>[] = [];
    for (const r of rows) {
      const reason = transition.refusal(r, kind.words, ctx) ?? (timed.has(name) && kind.heldBy ? await kind.heldBy(tx, r.id) : null);
      if (reason) refused.push({ id: r.id, reason });
      else if (!transition.done(r, now)) eligible.push(r);
    }
    const changed: RowOf<T>[] = [];
    // One UPDATE per item: what it writes depends on the item (going public approves those not yet approved).
    for (const current of eligible) {
      const [row] = (await tx
        .update(t)
        .set({
          ...transition.values(t, ctx, current),
          version: sql`${t.version} + 1`,
          updatedAt: now,
          updatedBy: user.id,
        } as PgUpdateSetSource<T>)
        .where(eq(t.id, current.id))
        .returning()) as RowOf<T>[];
      if (!row) continue;
      changed.push(row);
      await writeAudit(tx, {
        user,
        action: `${kind.entity}.${transition.action}`,
        entityType: kind.entity,
        entityId: row.id,
        summary: transition.summary(kind.words, row.title, ctx),
        before: pick(current, transition.audited),
        after: pick(row, transition.audited),
        ip,
      });
    }
    const done = new Set(changed.map((r) => r.id));
    const tags = reviewSteps.has(name) ? [] : mergeTags(...changed.map((r) => kind.tags(r)));
    return { items: changed, skipped: wanted.filter((id) => !done.has(id)), refused, tags };
  });
}

/**
 * Deletes an item for good, version-checked, and only from the trash. `snapshot` gives what the
 * audit entry keeps of it (its values, its attachments), read inside the same transaction before
 * the row and its cascaded rows go.
 */
export async function deleteForever<T extends ItemTable>(
  db: Db,
  kind: LifecycleKind<T>,
  params: { id: number; expectedVersion: number; user: SessionUser; snapshot?: (tx: Db, row: RowOf<T>) => Promise<unknown> } & WriteOptions,
): Promise<WriteResult<RowOf<T>>> {
  const now = params.now ?? currentTime();
  const t = kind.table;
  const { words } = kind;
  return db.transaction(async (tx) => {
    const [current] = await lockRows(tx, kind, [params.id]);
    if (!current) throw notFoundError(words);
    if (current.version !== params.expectedVersion) throw await staleVersionError(tx, kind, params.id, params.user, now);
    if (!current.deletedAt) {
      throw new ConflictError(
        `Mettez d’abord ${words.this} à la corbeille : seul un élément de la corbeille peut être supprimé définitivement.`,
      );
    }
    const before = params.snapshot ? await params.snapshot(tx, current) : current;
    const [deleted] = (await tx
      .delete(t)
      .where(and(eq(t.id, params.id), eq(t.version, params.expectedVersion)))
      .returning()) as RowOf<T>[];
    if (!deleted) throw await staleVersionError(tx, kind, params.id, params.user, now);
    await writeAudit(tx, {
      user: params.user,
      action: `${kind.entity}.delete`,
      entityType: kind.entity,
      entityId: deleted.id,
      summary: `${words.noun} ${agree('supprimé', words)} définitivement : « ${deleted.title} »`,
      before,
      ip: params.ip,
    });
    return { item: deleted, tags: kind.tags(deleted) };
  });
}

/** Who the audit log shows for changes nobody made by hand. */
const schedulerActor = 'Mise en ligne programmée';

/**
 * Publishes every scheduled, untrashed item of this kind whose time has come, in one
 * `UPDATE … RETURNING`: when two app instances run it at once, Postgres lets the second wait on
 * the rows the first changed and then skip them (they are no longer `scheduled`), so each item is
 * published — and audited — once. Neither the version nor the author changes: carrying out a
 * schedule someone already set is not an edit, and must not turn an editor's open form stale.
 * `held`: ids left scheduled (publications of a release not approved as a whole, lib/releases/review.ts).
 */
export async function publishDueOfKind<T extends ItemTable>(
  db: Db,
  kind: LifecycleKind<T>,
  now: Date,
  held: readonly number[] = [],
): Promise<RowOf<T>[]> {
  const t = kind.table;
  const rows = (await db
    .update(t)
    .set({ status: 'published' } as PgUpdateSetSource<T>)
    .where(
      and(
        eq(t.status, 'scheduled'),
        lte(t.publishedAt, now),
        isNull(t.deletedAt),
        held.length > 0 ? notInArray(t.id, [...held]) : undefined,
      ),
    )
    .returning()) as RowOf<T>[];
  for (const row of rows) {
    await writeAudit(db, {
      actor: schedulerActor,
      action: `${kind.entity}.publish`,
      entityType: kind.entity,
      entityId: row.id,
      summary:
        `${kind.words.noun} ${agree('programmé', kind.words)} ${agree('mis', kind.words)} ` + `en ligne automatiquement : « ${row.title} »`,
      before: { status: 'scheduled' },
      after: { status: 'published', publishedAt: row.publishedAt },
    });
  }
  return rows;
}
