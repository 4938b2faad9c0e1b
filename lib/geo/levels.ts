/**
 * Geographic levels and their boundaries in the database: the newest boundaries of a level, the
 * level a table dimension is drawn on, the codes a level's tables use, and the upload that adds a
 * version (audited). Queries are plain functions of the database.
 */
import { desc, eq, max, sql } from 'drizzle-orm';
import type { Topology } from 'topojson-specification';
import type { SessionUser } from '@/lib/auth/types';
import { writeAudit } from '@/lib/audit/write';
import type { Db } from '@/lib/db/open';
import { queryRows } from '@/lib/db/raw';
import type { TableStructure } from '@/lib/tables/model';
import { readBoundaries } from './boundaries';
import { geoBoundaries, geoLevels, type GeoAreaNames } from './schema';

export type LevelBoundaries = {
  level: { code: string; name: { fr: string; en: string }; dimension: string };
  version: number;
  topology: Topology;
  names: GeoAreaNames;
  createdAt: Date;
};

/** A level's code: lower-case letters, digits and dashes (`regions`, `departements`). */
export const levelCodePattern = /^[a-z][a-z0-9-]{1,39}$/;

/** The newest boundaries of a level, or null (unknown level, or none uploaded yet). */
export async function latestBoundaries(db: Db, levelCode: string): Promise<LevelBoundaries | null> {
  const [row] = await db
    .select({ level: geoLevels, b: geoBoundaries })
    .from(geoBoundaries)
    .innerJoin(geoLevels, eq(geoLevels.id, geoBoundaries.levelId))
    .where(eq(geoLevels.code, levelCode))
    .orderBy(desc(geoBoundaries.version))
    .limit(1);
  if (!row) return null;
  return {
    level: { code: row.level.code, name: { fr: row.level.nameFr, en: row.level.nameEn }, dimension: row.level.dimension },
    version: row.b.version,
    topology: row.b.topology as Topology,
    names: row.b.names,
    createdAt: row.b.createdAt,
  };
}

/** Every level: its code and the dimension it draws. */
export async function listLevels(db: Db): Promise<{ code: string; dimension: string; nameFr: string; nameEn: string }[]> {
  return db
    .select({ code: geoLevels.code, dimension: geoLevels.dimension, nameFr: geoLevels.nameFr, nameEn: geoLevels.nameEn })
    .from(geoLevels)
    .orderBy(geoLevels.code);
}

/**
 * The codes of `dimension` in the newest version of every table that has it, table by table: a table
 * sharing any code with a level is drawn on it, so each of its codes needs a shape (a table coding the
 * dimension otherwise — another nomenclature — is not tied to the level).
 */
export async function codesInTables(db: Db, dimension: string): Promise<string[][]> {
  const rows = await queryRows<{ structure: TableStructure }>(
    db,
    sql`select distinct on (table_id) structure from data_table_versions order by table_id, number desc`,
  );
  return rows.flatMap(({ structure }) => structure.dimensions.filter((d) => d.code === dimension).map((d) => d.values.map((v) => v.code)));
}

export type UploadInput = {
  level: string;
  nameFr: string;
  nameEn: string;
  dimension: string;
  bytes: Buffer;
};

/**
 * Adds a version of a level's boundaries (creating the level on its first upload), after
 * `readBoundaries` accepted the file against the codes the level's tables use. A refusal changes
 * nothing and says why in French. Audited (`geo.upload`).
 */
export async function uploadBoundaries(
  db: Db,
  input: UploadInput,
  actor: { user: SessionUser | null; actor?: string; ip?: string | null },
): Promise<{ ok: true; version: number; codes: string[] } | { ok: false; error: string }> {
  const read = await readBoundaries(input.bytes, await codesInTables(db, input.dimension));
  if (!read.ok) return read;
  const b = read.value;
  return db.transaction(async (tx) => {
    await tx
      .insert(geoLevels)
      .values({ code: input.level, nameFr: input.nameFr, nameEn: input.nameEn, dimension: input.dimension })
      .onConflictDoUpdate({ target: geoLevels.code, set: { nameFr: input.nameFr, nameEn: input.nameEn, dimension: input.dimension } });
    const [level] = await tx.select().from(geoLevels).where(eq(geoLevels.code, input.level)).for('update');
    const [last] = await tx
      .select({ n: max(geoBoundaries.version) })
      .from(geoBoundaries)
      .where(eq(geoBoundaries.levelId, level!.id));
    const version = (last?.n ?? 0) + 1;
    await tx.insert(geoBoundaries).values({
      levelId: level!.id,
      version,
      topology: b.topology,
      names: b.names,
      sourceFormat: b.format,
      createdBy: actor.user?.id ?? null,
    });
    await writeAudit(tx, {
      user: actor.user,
      actor: actor.actor,
      ip: actor.ip ?? null,
      action: 'geo.upload',
      entityType: 'geo',
      entityId: input.level,
      summary: `Limites « ${input.nameFr} » : version ${version} (${b.codes.length} zones, ${b.format}).`,
      after: { version, codes: b.codes, format: b.format },
    });
    return { ok: true as const, version, codes: b.codes };
  });
}
