/**
 * A version's cells in memory and on disk. On disk (`data_table_cells`): the values as one
 * little-endian Float64 array (NaN for missing), the statuses as one byte per cell (null when all
 * are `A`), the cell notes as a sparse map. In memory: the same arrays, decoded once per version and
 * kept in a cache bounded in bytes — a version's cells never change (a new import is a new version,
 * a cancelled one is deleted and its id never reused), so the cache needs no invalidation.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { queryRows } from '@/lib/db/raw';
import { cellStatusCodes, type CellNotes, type CellStatus } from './model';
import { dataTableCells } from './schema';

/** The cells of one version, decoded. */
export type Cells = {
  /** Row-major; NaN for a missing value. */
  values: Float64Array;
  /** Index in `cellStatusCodes` per cell; null when every cell is `A`. */
  statuses: Uint8Array | null;
  notes: CellNotes;
};

const statusIndex = new Map<string, number>(cellStatusCodes.map((c, i) => [c, i]));

/** The byte of a status (its index in `cellStatusCodes`). */
export const statusByte = (status: CellStatus): number => statusIndex.get(status)!;
/** The status of a byte (`A` for a byte out of range, which no write produces). */
export const statusOfByte = (byte: number): CellStatus => cellStatusCodes[byte] ?? 'A';

/** The values as stored: little-endian Float64 bytes (a copy when the platform is big-endian). */
export function encodeValues(values: Float64Array): Uint8Array {
  if (littleEndian) return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  const out = new Uint8Array(values.length * 8);
  const view = new DataView(out.buffer);
  for (let i = 0; i < values.length; i++) view.setFloat64(i * 8, values[i]!, true);
  return out;
}

/** The values of stored bytes (copied into an aligned buffer of their own). */
export function decodeValues(bytes: Uint8Array): Float64Array {
  if (bytes.byteLength % 8 !== 0) throw new Error(`Cellules illisibles : ${bytes.byteLength} octets, pas un multiple de 8.`);
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  if (littleEndian) return new Float64Array(copy.buffer);
  const view = new DataView(copy.buffer);
  const out = new Float64Array(bytes.byteLength / 8);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat64(i * 8, true);
  return out;
}

/** The statuses to store: null when every cell is `A` (byte 0). */
export function compactStatuses(statuses: Uint8Array): Uint8Array | null {
  return statuses.some((b) => b !== 0) ? statuses : null;
}

/**
 * Bytes as an SQL value. They travel as base64 text decoded by the database: PGlite serializes a
 * binary parameter byte by byte in JavaScript (12 s for 8 MB) where base64 takes under a second,
 * and Postgres is as quick either way.
 */
export function bytesSql(bytes: Uint8Array | null): SQL {
  if (!bytes) return sql`null`;
  return sql`decode(${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}, 'base64')`;
}

const fromBase64 = (text: string | null): Uint8Array | null => (text === null ? null : new Uint8Array(Buffer.from(text, 'base64')));

const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Decoded versions kept in memory, most recently used last, up to `CACHE_BYTES`. */
const cache = new Map<number, Cells>();
const loading = new Map<number, Promise<Cells | null>>();
let cachedBytes = 0;
/** 256 MB: some thirty tables of a million cells. */
const CACHE_BYTES = 256 * 1024 * 1024;

const sizeOf = (c: Cells) => c.values.byteLength + (c.statuses?.byteLength ?? 0);

function remember(versionId: number, cells: Cells) {
  cache.set(versionId, cells);
  cachedBytes += sizeOf(cells);
  for (const [id, old] of cache) {
    if (cachedBytes <= CACHE_BYTES || id === versionId) break;
    cache.delete(id);
    cachedBytes -= sizeOf(old);
  }
}

/**
 * The cells of a version, read once and then served from memory; null when the version has none
 * (deleted meanwhile). Concurrent callers share one read.
 */
export async function cellsOf(db: Db, versionId: number): Promise<Cells | null> {
  const hit = cache.get(versionId);
  if (hit) {
    cache.delete(versionId);
    cache.set(versionId, hit);
    return hit;
  }
  let pending = loading.get(versionId);
  if (!pending) {
    pending = (async () => {
      const [row] = await queryRows<{ v: string; s: string | null; n: CellNotes }>(
        db,
        sql`select encode(${dataTableCells.values}, 'base64') as v, encode(${dataTableCells.statuses}, 'base64') as s,
                   ${dataTableCells.notes} as n
            from ${dataTableCells} where ${dataTableCells.versionId} = ${versionId}`,
      );
      if (!row) return null;
      const cells: Cells = {
        values: decodeValues(fromBase64(row.v)!),
        statuses: fromBase64(row.s),
        notes: row.n ?? {},
      };
      remember(versionId, cells);
      return cells;
    })().finally(() => loading.delete(versionId));
    loading.set(versionId, pending);
  }
  return pending;
}

/** Forgets every decoded version (tests). */
export function clearCellCache(): void {
  cache.clear();
  cachedBytes = 0;
}
