/**
 * Writing tables: their description, and new versions of their cells. A published version is
 * never changed: a new import is a new version (the whole table of its time), with its time, kind
 * and reason, its review and an audit entry — as the series do (lib/series/versions.ts). One
 * version not yet public (scheduled, or waiting for review) per table at a time, so versions are
 * numbered in publication order and the table at an instant is well defined.
 *
 * Review (lib/review/model.ts): a version's writer is its `createdBy`. A Rédacteur's version is
 * submitted; an approver's too, unless self-approval is on. A second person approves it or sends
 * it back with a reason; a version not approved is public nowhere, even after its time.
 */
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { writeAudit, type AuditInput } from '@/lib/audit/write';
import { tags } from '@/lib/cache/tags';
import { englishAudit, mergedTranslations, storedTranslations } from '@/lib/content/mutations/translations';
import { englishFields, englishText, type EnglishValues } from '@/lib/content/schemas/translations';
import type { Db } from '@/lib/db/open';
import { queryRows } from '@/lib/db/raw';
import { releases } from '@/lib/db/schema';
import { approvalRefusal } from '@/lib/review/model';
import { selfApprovalAllowed } from '@/lib/review/settings';
import { changeKindLabel, type ChangeKind } from '@/lib/series/model';
import { bytesSql, compactStatuses, encodeValues } from './cells';
import { cellCountOf, structureRefusal, type TableMeta, type TablePayload, type TableStructure } from './model';
import { notPublicTableVersion } from './queries';
import { dataTableCells, dataTableImports, dataTables, dataTableVersions, type TableTextField } from './schema';
import { approveFollowers, cancelFollowers, followTableVersion, returnFollowers } from './slices';

export type Actor = { user: NonNullable<AuditInput['user']>; ip?: string | null };
export type TableRow = typeof dataTables.$inferSelect;

/** A write's value and the cache tags it touched, or its French error (with the form field it is about, if any). */
export type TableWrite<T> = { ok: true; value: T; tags: string[] } | { ok: false; error: string; field?: string };

/** Cache tags of a table's public views: its page, files and API answers, the lists, its area, the sitemap. */
export function tableTags(row: { code: string; area: string }): string[] {
  return [tags.table(row.code), tags.tableList, tags.area(row.area), tags.sitemap];
}

export type { TablePayload };

/** The English version of a table's description, as its form sends it (`en.title`…). */
export const tableEnglishSchema = englishFields({
  title: englishText(300, 'Le titre'),
  description: englishText(2000, 'La description'),
  source: englishText(300, 'La source'),
  method: englishText(5000, 'La méthode'),
  notes: englishText(5000, 'Les notes'),
});

const metaColumns = (meta: TableMeta) => ({
  code: meta.code,
  area: meta.area,
  title: meta.title,
  description: meta.description,
  source: meta.source,
  method: meta.method,
  notes: meta.notes,
});

/** Creates a table (no version yet: nothing of it is public), with its English description, audited. */
export async function createTable(
  db: Db,
  { meta, english, actor }: { meta: TableMeta; english?: EnglishValues<TableTextField>; actor: Actor },
): Promise<TableWrite<TableRow>> {
  const translations = storedTranslations(english);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(dataTables)
      .values({ ...metaColumns(meta), translations, createdBy: actor.user.id, updatedBy: actor.user.id })
      .onConflictDoNothing()
      .returning();
    if (!row) return { ok: false, error: `Le code ${meta.code} est déjà celui d’un autre tableau.`, field: 'code' };
    await writeAudit(tx, {
      ...actor,
      action: 'table.create',
      entityType: 'table',
      entityId: row.code,
      summary: `Tableau ${row.code} créé : « ${row.title} ».`,
      after: { ...metaColumns(meta), ...englishAudit(translations) },
    });
    return { ok: true, value: row, tags: [] };
  });
}

/**
 * Changes a table's description, if nobody changed it since `expectedVersion`. `english` changes
 * the English description in the same write (fields not sent stay as they are).
 */
export async function updateTableMeta(
  db: Db,
  {
    code,
    expectedVersion,
    meta,
    english,
    actor,
  }: { code: string; expectedVersion: number; meta: TableMeta; english?: EnglishValues<TableTextField>; actor: Actor },
): Promise<TableWrite<TableRow>> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(dataTables).where(eq(dataTables.code, code)).for('update');
    if (!current) return { ok: false, error: `Le tableau ${code} n’existe pas ou plus.` };
    if (current.version !== expectedVersion) {
      return {
        ok: false,
        error:
          'Quelqu’un a modifié ce tableau pendant que vous le modifiiez : rechargez la page, vos changements n’ont pas été enregistrés.',
      };
    }
    if (meta.code !== current.code) {
      const [taken] = await tx.select({ id: dataTables.id }).from(dataTables).where(eq(dataTables.code, meta.code)).limit(1);
      if (taken) return { ok: false, error: `Le code ${meta.code} est déjà celui d’un autre tableau.`, field: 'code' };
    }
    const translations = mergedTranslations(current.translations, english);
    const [row] = await tx
      .update(dataTables)
      .set({ ...metaColumns(meta), translations, version: current.version + 1, updatedAt: new Date(), updatedBy: actor.user.id })
      .where(eq(dataTables.id, current.id))
      .returning();
    await writeAudit(tx, {
      ...actor,
      action: 'table.update',
      entityType: 'table',
      entityId: meta.code,
      summary: `Tableau ${meta.code} : description modifiée.`,
      before: { ...metaColumns(current), ...englishAudit(current.translations) },
      after: { ...metaColumns(meta), ...englishAudit(translations) },
    });
    return { ok: true, value: row!, tags: [...tableTags(current), ...tableTags(row!)] };
  });
}

/** What a new version is made of: cells given here (seed, tests), or an import already staged (the back-office). */
export type VersionSource = { payload: TablePayload; sourceFile?: string } | { stagedImportId: string };

export type TableVersionRequest = {
  code: string;
  source: VersionSource;
  /** When it goes online; now when absent or past. */
  publishAt?: Date;
  /** The calendar release it comes out with: its time wins over `publishAt`, and moves with it. */
  releaseId?: number;
  kind: ChangeKind;
  reason: string;
  actor: Actor;
  /** Whether the actor approves versions of this table's area (a publisher): even then their own is approved at once only under self-approval. */
  approver: boolean;
  now?: Date;
};

export type WrittenTableVersion = { code: string; number: number; publishedAt: Date; cellCount: number; review: 'approved' | 'submitted' };

/**
 * Writes one new version of a table in one short transaction: its row, then its cells (one INSERT
 * of a few megabytes, or a copy from the staged import inside the database), so the database is
 * held for well under a second even for a million cells. Refused — and nothing written — when the
 * table has a version not yet public, when the release takes no more content, or when nothing
 * changes from the version before.
 */
export async function writeTableVersion(db: Db, request: TableVersionRequest): Promise<TableWrite<WrittenTableVersion>> {
  const now = request.now ?? new Date();
  let publishedAt = request.publishAt && request.publishAt > now ? request.publishAt : now;
  const reason = request.reason.trim();
  if (reason.length > 500) return { ok: false, error: 'La raison : 500 caractères au plus.', field: 'reason' };
  if (request.kind === 'correction' && reason.length < 5) {
    return { ok: false, error: 'Une correction dit ce qu’elle corrige : indiquez la raison.', field: 'reason' };
  }
  const { source } = request;
  if ('payload' in source) {
    const refusal = payloadRefusal(source.payload);
    if (refusal) return { ok: false, error: refusal };
  }
  return db
    .transaction(async (tx) => {
      const approved = request.approver && (await selfApprovalAllowed(tx));
      const review = approved ? ('approved' as const) : ('submitted' as const);
      if (request.releaseId !== undefined) {
        const [release] = await tx.select().from(releases).where(eq(releases.id, request.releaseId)).for('update');
        if (!release || (release.status !== 'confirmed' && release.status !== 'postponed') || release.scheduledAt <= now) {
          return rollback(
            'Cette parution ne prend plus de contenu (date passée, non confirmée, annulée ou publiée) : choisissez-en une autre.',
          );
        }
        publishedAt = release.scheduledAt;
      }
      // Locks the table: two people writing versions at once are serialized.
      const [row] = await tx.select().from(dataTables).where(eq(dataTables.code, request.code)).for('update');
      if (!row) return rollback(`Le tableau ${request.code} n’existe pas ou plus.`);
      const [pending] = await tx
        .select({ number: dataTableVersions.number, review: dataTableVersions.review, publishedAt: dataTableVersions.publishedAt })
        .from(dataTableVersions)
        .where(and(eq(dataTableVersions.tableId, row.id), notPublicTableVersion(now)))
        .limit(1);
      if (pending) return rollback(pendingRefusal(request.code, pending));
      let structure: TableStructure;
      let sourceFile: string;
      if ('payload' in source) {
        structure = source.payload.structure;
        sourceFile = source.sourceFile ?? '';
      } else {
        const [staged] = await tx
          .select({ tableId: dataTableImports.tableId, structure: dataTableImports.structure, filename: dataTableImports.filename })
          .from(dataTableImports)
          .where(eq(dataTableImports.id, source.stagedImportId))
          .limit(1);
        if (!staged || staged.tableId !== row.id || !staged.structure) {
          return rollback('Cet import n’existe plus (publié, annulé ou trop ancien) : envoyez le fichier à nouveau.');
        }
        structure = staged.structure;
        sourceFile = staged.filename;
      }
      const [{ next }] = (await tx
        .select({ next: sql<number>`coalesce(max(${dataTableVersions.number}), 0) + 1` })
        .from(dataTableVersions)
        .where(eq(dataTableVersions.tableId, row.id))) as [{ next: number }];
      const number = Number(next);
      const cellCount = cellCountOf(structure);
      const [version] = await tx
        .insert(dataTableVersions)
        .values({
          tableId: row.id,
          number,
          publishedAt,
          kind: request.kind,
          reason,
          structure,
          cellCount,
          sourceFile: sourceFile.slice(0, 200),
          announcedAt: approved && publishedAt <= now ? now : null,
          releaseId: request.releaseId ?? null,
          createdBy: request.actor.user.id,
          review,
          ...(approved ? { reviewedBy: request.actor.user.id, reviewedAt: now } : {}),
        })
        .returning();
      if ('payload' in source) {
        const { values, statuses, notes } = source.payload;
        await tx
          .insert(dataTableCells)
          .values({ versionId: version!.id, values: bytesSql(encodeValues(values)), statuses: bytesSql(compactStatuses(statuses)), notes });
      } else {
        await tx.execute(
          sql`insert into ${dataTableCells} (version_id, "values", statuses, notes)
              select ${version!.id}, ${dataTableImports.values}, ${dataTableImports.statuses}, ${dataTableImports.notes}
              from ${dataTableImports} where ${dataTableImports.id} = ${source.stagedImportId}`,
        );
        await tx.delete(dataTableImports).where(eq(dataTableImports.id, source.stagedImportId));
      }
      if (number > 1 && (await sameAsPrevious(tx, row.id, number)))
        return rollback('Rien ne change par rapport à la version précédente : rien à publier.');
      // The series defined as slices of this table get their versions in this transaction (lib/tables/slices.ts).
      const slices = await followTableVersion(tx, {
        ...request,
        tableId: row.id,
        tableCode: row.code,
        versionId: version!.id,
        reason,
        now,
      });
      if (!slices.ok) return rollback(slices.error);
      const state = !approved
        ? `soumise pour relecture${publishedAt > now ? ` (prévue le ${formatUtc(publishedAt)})` : ''}`
        : publishedAt <= now
          ? 'publiée'
          : `programmée le ${formatUtc(publishedAt)}`;
      await writeAudit(tx, {
        ...request.actor,
        action: !approved ? 'table.submit' : publishedAt <= now ? 'table.publish' : 'table.schedule',
        entityType: 'table',
        entityId: row.code,
        summary:
          `Tableau ${row.code}, version ${number} (${changeKindLabel[request.kind]}) ${state} : ` +
          `${cellCount.toLocaleString('fr-FR')} cellule(s), ${structure.dimensions.length} dimension(s).` +
          (reason ? ` Raison : ${reason}` : ''),
        after: { number, publishedAt: publishedAt.toISOString(), kind: request.kind, reason, cellCount, review, sourceFile },
      });
      return {
        ok: true as const,
        value: { code: row.code, number, publishedAt, cellCount, review },
        tags: approved && publishedAt <= now ? [...tableTags(row), ...slices.tags] : slices.tags,
      };
    })
    .catch(unwrapRollback);
}

/** Whether version `number` has the same structure and cells as the one before it (compared inside the database). */
async function sameAsPrevious(tx: Db, tableId: number, number: number): Promise<boolean> {
  const [row] = await queryRows<{ same: boolean }>(
    tx,
    sql`select (n.structure = p.structure and nc.values = pc.values and nc.statuses is not distinct from pc.statuses
                 and nc.notes = pc.notes) as same
        from ${dataTableVersions} n join ${dataTableCells} nc on nc.version_id = n.id,
             ${dataTableVersions} p join ${dataTableCells} pc on pc.version_id = p.id
        where n.table_id = ${tableId} and n.number = ${number} and p.table_id = ${tableId} and p.number = ${number - 1}`,
  );
  return row?.same === true;
}

/** Why a payload cannot be a version (French), or null. */
export function payloadRefusal(payload: TablePayload): string | null {
  const refusal = structureRefusal(payload.structure);
  if (refusal) return refusal;
  const count = cellCountOf(payload.structure);
  if (payload.values.length !== count || payload.statuses.length !== count) {
    return `Le tableau déclare ${count} cellules mais en apporte ${payload.values.length}.`;
  }
  return null;
}

function pendingRefusal(code: string, pending: { number: number; publishedAt: Date; review: string }): string {
  if (pending.review === 'submitted') {
    return (
      `Le tableau ${code} a déjà une version en attente de relecture (version ${pending.number}) : ` +
      'faites-la approuver ou annulez-la avant d’en préparer une autre.'
    );
  }
  if (pending.review === 'none') {
    return `Le tableau ${code} a une version renvoyée à son rédacteur (version ${pending.number}) : annulez-la avant d’en préparer une autre.`;
  }
  return (
    `Le tableau ${code} a déjà une version programmée (version ${pending.number}, le ${formatUtc(pending.publishedAt)}) : ` +
    'attendez sa mise en ligne ou annulez-la d’abord.'
  );
}

/** The version to review, its table locked for the change; or the French reason there is none. */
async function lockedVersion(tx: Db, code: string, number: number) {
  const [row] = await tx.select().from(dataTables).where(eq(dataTables.code, code)).for('update');
  if (!row) return { error: `Le tableau ${code} n’existe pas ou plus.` } as const;
  const [version] = await tx
    .select()
    .from(dataTableVersions)
    .where(and(eq(dataTableVersions.tableId, row.id), eq(dataTableVersions.number, number)))
    .for('update');
  if (!version) return { error: `La version ${number} du tableau ${code} n’existe plus (annulée ?) : rechargez la page.` } as const;
  return { row, version } as const;
}

/**
 * Approves a version submitted for review, by someone other than its writer (unless self-approval).
 * One whose time has come goes public at once (its time becomes now); one scheduled, alone or with a
 * release, goes out at its time.
 */
export async function approveTableVersion(
  db: Db,
  { code, number, actor, now = new Date() }: { code: string; number: number; actor: Actor; now?: Date },
): Promise<TableWrite<{ publishedAt: Date; public: boolean }>> {
  return db.transaction(async (tx) => {
    const found = await lockedVersion(tx, code, number);
    if ('error' in found) return { ok: false as const, error: found.error! };
    const { row, version } = found;
    if (version.review === 'approved') return { ok: false as const, error: `La version ${number} du tableau ${code} est déjà approuvée.` };
    if (version.review === 'none') {
      return {
        ok: false as const,
        error: `La version ${number} du tableau ${code} a été renvoyée à son rédacteur : il l’annule et en prépare une nouvelle.`,
      };
    }
    const refusal = approvalRefusal(
      { review: version.review, editedBy: version.createdBy },
      { userId: actor.user.id, selfApproval: await selfApprovalAllowed(tx) },
      `le tableau ${code}`,
    );
    if (refusal) return { ok: false as const, error: refusal };
    // The series versions it wrote for its slices are approved with it, or nothing is (lib/tables/slices.ts).
    const slices = await approveFollowers(tx, { tableVersionId: version.id, actor, now });
    if (!slices.ok) return { ok: false as const, error: slices.error };
    const due = version.publishedAt <= now && version.releaseId === null;
    const [approved] = await tx
      .update(dataTableVersions)
      .set({
        review: 'approved',
        reviewedBy: actor.user.id,
        reviewedAt: now,
        reviewNote: null,
        ...(due ? { publishedAt: now, announcedAt: now } : {}),
      })
      .where(eq(dataTableVersions.id, version.id))
      .returning();
    await writeAudit(tx, {
      ...actor,
      action: 'table.approve',
      entityType: 'table',
      entityId: code,
      summary: `Tableau ${code} : version ${number} approuvée, ${due ? 'mise en ligne' : `en ligne le ${formatUtc(version.publishedAt)}`}.`,
      before: { number, review: version.review, publishedAt: version.publishedAt.toISOString() },
      after: { number, review: 'approved', publishedAt: approved!.publishedAt.toISOString() },
    });
    return {
      ok: true as const,
      value: { publishedAt: approved!.publishedAt, public: due },
      tags: [...(due ? tableTags(row) : []), ...slices.tags],
    };
  });
}

/** Sends a submitted version back to its writer with the reason (required, French error on `note`). */
export async function returnTableVersion(
  db: Db,
  { code, number, note, actor, now = new Date() }: { code: string; number: number; note: string; actor: Actor; now?: Date },
): Promise<TableWrite<null>> {
  const text = note.trim();
  if (text === '') return { ok: false, error: 'Dites au rédacteur ce qu’il faut revoir.', field: 'note' };
  if (text.length > 2_000) return { ok: false, error: 'La raison tient en 2 000 caractères au plus.', field: 'note' };
  return db.transaction(async (tx) => {
    const found = await lockedVersion(tx, code, number);
    if ('error' in found) return { ok: false as const, error: found.error! };
    const { version } = found;
    if (version.review !== 'submitted') {
      return {
        ok: false as const,
        error: `La version ${number} du tableau ${code} n’est pas en attente de relecture : rechargez la page.`,
      };
    }
    const slices = await returnFollowers(tx, { tableVersionId: version.id, actor, now, note: text });
    if (!slices.ok) return { ok: false as const, error: slices.error };
    await tx
      .update(dataTableVersions)
      .set({ review: 'none', reviewedBy: actor.user.id, reviewedAt: now, reviewNote: text })
      .where(eq(dataTableVersions.id, version.id));
    await writeAudit(tx, {
      ...actor,
      action: 'table.return',
      entityType: 'table',
      entityId: code,
      summary: `Tableau ${code} : version ${number} renvoyée à son rédacteur. Raison : ${text}`,
      before: { number, review: 'submitted' },
      after: { number, review: 'none', reviewNote: text },
    });
    return { ok: true as const, value: null, tags: [] };
  });
}

/** Cancels a version not yet public (scheduled, or waiting for review): nothing of it was ever public. */
export async function cancelTableVersion(
  db: Db,
  { code, number, actor, now = new Date() }: { code: string; number: number; actor: Actor; now?: Date },
): Promise<TableWrite<null>> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(dataTables).where(eq(dataTables.code, code)).for('update');
    if (!row) return { ok: false as const, error: `Le tableau ${code} n’existe pas ou plus.` };
    // The series versions it wrote for its slices go with it (lib/tables/slices.ts).
    const slices = await cancelFollowers(tx, { tableId: row.id, number, actor, now });
    if (!slices.ok) return { ok: false as const, error: slices.error };
    const [deleted] = await tx
      .delete(dataTableVersions)
      .where(and(eq(dataTableVersions.tableId, row.id), eq(dataTableVersions.number, number), notPublicTableVersion(now)))
      .returning();
    if (!deleted) {
      return {
        ok: false as const,
        error: `La version ${number} du tableau ${code} est déjà en ligne ou n’existe plus : elle ne peut plus être annulée.`,
      };
    }
    await writeAudit(tx, {
      ...actor,
      action: 'table.unschedule',
      entityType: 'table',
      entityId: code,
      summary: `Tableau ${code} : version ${number} annulée avant sa mise en ligne.`,
      before: { number, publishedAt: deleted.publishedAt.toISOString(), review: deleted.review },
    });
    return { ok: true as const, value: null, tags: [] };
  });
}

/**
 * Marks the approved versions whose time has come (and whose release, if any, is out) as
 * announced, and returns the tags of their tables for the scheduler to invalidate. Idempotent.
 */
export async function announceDueTableVersions(
  db: Db,
  now = new Date(),
): Promise<{ versions: { code: string; number: number }[]; tags: string[] }> {
  const releaseOut = sql`select 1 from ${releases} where ${releases.id} = ${dataTableVersions.releaseId} and ${releases.status} = 'published'`;
  const due = await db
    .update(dataTableVersions)
    .set({ announcedAt: now })
    .where(
      and(
        isNull(dataTableVersions.announcedAt),
        lte(dataTableVersions.publishedAt, now),
        eq(dataTableVersions.review, 'approved'),
        sql`(${dataTableVersions.releaseId} is null or exists (${releaseOut}))`,
      ),
    )
    .returning({ tableId: dataTableVersions.tableId, number: dataTableVersions.number });
  if (due.length === 0) return { versions: [], tags: [] };
  const rows = await db.select().from(dataTables);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const versions = due.flatMap((d) => {
    const row = byId.get(d.tableId);
    return row ? [{ code: row.code, number: d.number, row }] : [];
  });
  for (const v of versions) {
    await writeAudit(db, {
      action: 'table.publish',
      entityType: 'table',
      entityId: v.code,
      summary: `Tableau ${v.code} : version ${v.number} mise en ligne à l’heure prévue.`,
    });
  }
  return {
    versions: versions.map(({ code, number }) => ({ code, number })),
    tags: [...new Set(versions.flatMap((v) => tableTags(v.row)))],
  };
}

/** Deletes a table with every version (a publisher's act: lib/admin/access.ts), audited. */
export async function deleteTable(db: Db, { code, actor }: { code: string; actor: Actor }): Promise<TableWrite<null>> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(dataTables).where(eq(dataTables.code, code)).returning();
    if (!row) return { ok: false as const, error: `Le tableau ${code} n’existe pas ou plus.` };
    await writeAudit(tx, {
      ...actor,
      action: 'table.delete',
      entityType: 'table',
      entityId: code,
      summary: `Tableau ${code} supprimé avec ses versions.`,
    });
    return { ok: true as const, value: null, tags: tableTags(row) };
  });
}

const utcFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
const formatUtc = (d: Date) => `${utcFormat.format(d)} UTC`;

class Rollback extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}
function rollback(reason: string): never {
  throw new Rollback(reason);
}
function unwrapRollback(error: unknown): TableWrite<never> {
  if (error instanceof Rollback) return { ok: false, error: error.reason };
  throw error;
}
