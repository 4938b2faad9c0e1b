/**
 * Writing tables: their description, and new versions of their cells. A published version is
 * never changed: a new import is a new version (the whole table of its time: structure and cells),
 * with its time, kind and reason, review, release link and audit entry. What every versioned kind
 * shares — the review, one version not yet public at a time, the release's embargo, the
 * announcement — is lib/versions (the table's `Versioning` is in ./versioning.ts); this file
 * writes what a table version holds. The functions keep the names and signatures other code calls.
 */
import { eq, sql } from 'drizzle-orm';
import { writeAudit } from '@/lib/audit/write';
import { englishAudit, mergedTranslations, storedTranslations } from '@/lib/content/mutations/translations';
import { englishFields, englishText, type EnglishValues } from '@/lib/content/schemas/translations';
import type { Db } from '@/lib/db/open';
import { queryRows } from '@/lib/db/raw';
import type { Actor, VersionTerms, VersionWrite } from '@/lib/versions/model';
import {
  auditVersion,
  insertVersion,
  lifecycleOf,
  openTerms,
  ownerForVersion,
  rollback,
  termsRefusal,
  writeInTransaction,
} from '@/lib/versions/write';
import { bytesSql, compactStatuses, encodeValues } from './cells';
import { cellCountOf, structureRefusal, type TableMeta, type TablePayload, type TableStructure } from './model';
import { dataTableCells, dataTableImports, dataTables, dataTableVersions, type TableTextField } from './schema';
import { followTableVersion, sliceFollowers } from './slices';
import { tableTags, tableVersioning } from './versioning';

export type { Actor };
export { tableTags };
export type TableRow = typeof dataTables.$inferSelect;

/** A write's value and the cache tags it touched, or its French error (with the form field it is about, if any). */
export type TableWrite<T> = VersionWrite<T>;

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

export type TableVersionRequest = VersionTerms & {
  code: string;
  source: VersionSource;
};

export type WrittenTableVersion = { code: string; number: number; publishedAt: Date; cellCount: number; review: 'approved' | 'submitted' };

/**
 * Writes one new version of a table in one short transaction: its row, then its cells (one INSERT
 * of a few megabytes, or a copy from the staged import inside the database), so the database is
 * held for well under a second even for a million cells. Refused — and nothing written — when the
 * table has a version not yet public, when the release takes no more content, or when nothing
 * changes from the version before (the rules of every versioned kind: lib/versions/write.ts).
 */
export async function writeTableVersion(db: Db, request: TableVersionRequest): Promise<TableWrite<WrittenTableVersion>> {
  const refusal = termsRefusal(request);
  if (refusal) return refusal;
  const { source } = request;
  if ('payload' in source) {
    const payloadProblem = payloadRefusal(source.payload);
    if (payloadProblem) return { ok: false, error: payloadProblem };
  }
  return writeInTransaction(db, async (tx) => {
    const opened = await openTerms(tx, request);
    const owner = await ownerForVersion(tx, tableVersioning, opened, request.code);
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
      if (!staged || staged.tableId !== owner.id || !staged.structure) {
        return rollback('Cet import n’existe plus (publié, annulé ou trop ancien) : envoyez le fichier à nouveau.');
      }
      structure = staged.structure;
      sourceFile = staged.filename;
    }
    const cellCount = cellCountOf(structure);
    const version = await insertVersion(tx, tableVersioning, opened, owner, { structure, cellCount, sourceFile: sourceFile.slice(0, 200) });
    if ('payload' in source) {
      const { values, statuses, notes } = source.payload;
      await tx
        .insert(dataTableCells)
        .values({ versionId: version.id, values: bytesSql(encodeValues(values)), statuses: bytesSql(compactStatuses(statuses)), notes });
    } else {
      await tx.execute(
        sql`insert into ${dataTableCells} (version_id, "values", statuses, notes)
            select ${version.id}, ${dataTableImports.values}, ${dataTableImports.statuses}, ${dataTableImports.notes}
            from ${dataTableImports} where ${dataTableImports.id} = ${source.stagedImportId}`,
      );
      await tx.delete(dataTableImports).where(eq(dataTableImports.id, source.stagedImportId));
    }
    if (version.number > 1 && (await sameAsPrevious(tx, owner.id, version.number)))
      return rollback('Rien ne change par rapport à la version précédente : rien à publier.');
    // The series defined as slices of this table get their versions in this transaction (lib/tables/slices.ts).
    const slices = await followTableVersion(tx, {
      ...request,
      tableId: owner.id,
      tableCode: owner.code,
      versionId: version.id,
      reason: opened.reason,
      now: opened.now,
    });
    if (!slices.ok) return rollback(slices.error);
    const live = await auditVersion(
      tx,
      tableVersioning,
      opened,
      { code: owner.code, number: version.number },
      {
        detail: `${cellCount.toLocaleString('fr-FR')} cellule(s), ${structure.dimensions.length} dimension(s).`,
        after: { cellCount, sourceFile },
      },
    );
    return {
      ok: true as const,
      value: { code: owner.code, number: version.number, publishedAt: opened.publishedAt, cellCount, review: opened.review },
      tags: live ? [...tableTags(owner), ...slices.tags] : slices.tags,
    };
  });
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

/**
 * The review of a table version, each the lib/versions function for tables: `approveTableVersion`
 * (by someone other than its writer unless self-approval), `returnTableVersion` (with the reason,
 * required on `note`), `cancelTableVersion` (a version not yet public), `announceDueTableVersions`
 * (the scheduler: the approved versions whose time and release came, with the tags to invalidate).
 * The series versions a table version wrote for its slices are reviewed and cancelled with it.
 */
export const {
  approve: approveTableVersion,
  sendBack: returnTableVersion,
  cancel: cancelTableVersion,
  announceDue: announceDueTableVersions,
} = lifecycleOf(tableVersioning, sliceFollowers);

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
