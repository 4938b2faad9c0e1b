/**
 * Backups: one `.tar.gz` archive holding every row of the application's tables, every stored file
 * and a manifest with checksums (`createBackup`), restored into an empty database and an empty
 * storage (`restoreBackup`) — on PGlite and Postgres alike, without pg_dump or psql, which a
 * serverless or container host may lack and PGlite does not have.
 *
 * Archive layout (plain ustar, gzip-compressed, written and read with tar-stream), in this order:
 *   files/<storage key>  every stored object (originals and image variants), streamed
 *   db/<table>.ndjson    one JSON object per row, each column in its Postgres text form (NULL as
 *                        null): exact for every type (bigint, numeric, jsonb, bytea, timestamps),
 *                        since Postgres itself prints and parses it back; tables in foreign-key order
 *   manifest.json        last: format, application and schema versions, tables with their columns
 *                        and row counts, sequences, and the size and SHA-256 of every other entry
 *
 * A restore reads the archive twice: first it checks it whole (gzip, tar headers, every checksum
 * against the manifest) and the target (no row in the database, none of the archive's files in the
 * storage) before writing anything; then it migrates the empty database to the archive's schema,
 * stores the files, and loads every row in one transaction with the tables' triggers off, so the
 * search index comes back as it was saved. On any failure the transaction rolls back and the files
 * written are deleted. An archive of an older schema is loaded at its own version, then migrated.
 */
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as tar from 'tar-stream';
import { z } from 'zod';
import { migrateDatabase } from '@/lib/db/migrate';
import type { Database, Db } from '@/lib/db/open';
import { queryRows } from '@/lib/db/raw';
import { DomainError } from '@/lib/errors';
import type { StorageDriver } from '@/lib/storage/types';

/** A backup or restore refused for a reason the operator can act on (French message, no stack trace). */
export class BackupError extends DomainError {}

const FORMAT = 'insstat-backup';
const FORMAT_VERSION = 1;
const MANIFEST = 'manifest.json';
const migrationsFolder = path.resolve(process.cwd(), 'drizzle/migrations');

/**
 * Rows the migrations themselves write (0008: the search index's generation counter). A freshly
 * migrated database has them, so they do not make it « not empty »; the archive's copy replaces them.
 */
const MIGRATION_ROWS = new Set(['search_generation']);

/** Rows per INSERT when loading, and the most JSON text one INSERT carries. */
const BATCH_ROWS = 1_000;
const BATCH_CHARS = 4_000_000;
/** Rows per FETCH when dumping: a search document or a file's text can reach 300,000 characters. */
const FETCH_ROWS = 100;

// ─── Manifest ──────────────────────────────────────────────────────────────────────────────────

const storageKey = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9/_.-]{0,500}$/)
  .refine((key) => !key.split('/').includes('..'));

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int().min(1),
  createdAt: z.string(),
  app: z.object({ version: z.string() }),
  database: z.object({ kind: z.enum(['pglite', 'postgres']) }),
  /** Migrations applied to the saved database (drizzle's bookkeeping): how many, the last one's tag and time. */
  schema: z.object({ migrations: z.number().int().min(0), last: z.string().nullable(), lastCreatedAt: z.number().nullable() }),
  /** In load (foreign-key) order. */
  tables: z.array(z.object({ name: z.string().min(1), path: z.string(), rows: z.number().int().min(0), columns: z.array(z.string()) })),
  sequences: z.array(z.object({ name: z.string().min(1), lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() })),
  files: z.array(z.object({ key: storageKey, path: z.string(), contentType: z.string() })),
  /** Keys the database referenced but the storage did not have when the backup was made. */
  missingFiles: z.array(z.string()),
  entries: z.array(z.object({ path: z.string(), size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
type ManifestEntry = BackupManifest['entries'][number];

// ─── Archive: tar-stream, gzip-compressed ──────────────────────────────────────────────────────

/**
 * Largest size the 11 octal digits of a ustar header hold. tar-stream writes a larger size in
 * base-256 (a GNU extension); a pax `size` record is added too, as the hand-made writer of format 1
 * did, so that the code of that time still reads such an archive.
 */
const USTAR_MAX_SIZE = 0o77777777777;

/** One entry to write: its bytes arrive as a stream, and must be exactly `size` long. */
export type ArchiveInput = { path: string; size: number; body: AsyncIterable<Uint8Array> | Iterable<Uint8Array> };
/** One entry read: its body must be consumed (or left) before asking for the next entry. */
export type ArchiveEntry = { path: string; size: number; body: AsyncIterable<Buffer> };

const truncated = (where: string) =>
  new BackupError(`L'archive est tronquée (${where}) : la copie est incomplète. Utilisez une autre copie de la sauvegarde.`);
const damaged = (what: string) => new BackupError(`L'archive est endommagée (${what}). Utilisez une autre copie de la sauvegarde.`);

/** Resolves once `stream` may take more bytes, or has closed (its entry's callback then reports why). */
const drained = (stream: tar.Pack | ReturnType<tar.Pack['entry']>) =>
  new Promise<void>((resolve) => {
    const settle = () => {
      stream.off('drain', settle);
      stream.off('close', settle);
      resolve();
    };
    stream.on('drain', settle);
    stream.on('close', settle);
  });

/** Writes one entry's header and body into `pack`; rejects when the body is not `size` bytes long. */
async function addEntry(pack: tar.Pack, entry: ArchiveInput, mtime: Date): Promise<void> {
  const header: Parameters<tar.Pack['entry']>[0] = { name: entry.path, size: entry.size, mode: 0o644, mtime, type: 'file' };
  if (entry.size > USTAR_MAX_SIZE) header.pax = { size: String(entry.size) };
  let sink!: ReturnType<tar.Pack['entry']>;
  const done = new Promise<void>((resolve, reject) => {
    sink = pack.entry(header, (error) => (error ? reject(error) : resolve()));
  });
  done.catch(() => {}); // awaited below, unless the body fails first
  // A failed archive destroys the entry being written with the failure, which the callback above
  // already reports: without a listener, that 'error' event would crash the process.
  sink.on('error', () => {});
  let written = 0;
  for await (const chunk of entry.body) {
    written += chunk.length;
    if (written > entry.size || sink.destroyed) break;
    if (!sink.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))) await drained(sink);
  }
  // The header announced `size` bytes: an object that changed while it was read cannot be saved.
  if (!sink.destroyed && written !== entry.size) {
    throw new BackupError(
      `« ${entry.path} » a changé pendant la sauvegarde (${written} octets lus au lieu de ${entry.size}). Relancez la sauvegarde.`,
    );
  }
  sink.end(undefined); // streamx's types want an argument its `end` does not need
  await done;
}

/**
 * Writes `entries` as a gzip-compressed tar at `file`, streaming (a 300 MB file never sits in
 * memory). Used by `createBackup`; exported for tests that build damaged archives.
 */
export async function writeArchive(
  file: string,
  entries: AsyncIterable<ArchiveInput> | Iterable<ArchiveInput>,
  mtime = new Date(),
): Promise<void> {
  const pack = tar.pack();
  const written = pipeline(Readable.from(pack), zlib.createGzip(), fs.createWriteStream(file, { flags: 'wx' }));
  written.catch(() => {}); // awaited below, once every entry is in
  try {
    for await (const entry of entries) await addEntry(pack, entry, mtime);
    pack.finalize();
  } catch (error) {
    // Fails the pipeline with this error, unless the output failed first (then its error is the one reported).
    pack.destroy(error instanceof Error ? error : new Error(String(error)));
  }
  await written;
}

/** The errors of reading an archive, as the operator should read them. */
function archiveError(error: unknown, file: string, previous: string): Error {
  if (error instanceof BackupError || !(error instanceof Error)) return error instanceof Error ? error : damaged(String(error));
  const { code } = error as NodeJS.ErrnoException;
  if (code === 'Z_BUF_ERROR') return truncated('fin des données compressées manquante');
  if (code === 'Z_DATA_ERROR') return damaged(`données compressées illisibles : ${error.message}`);
  if (code === 'ENOENT') return new BackupError(`Archive introuvable : ${file}.`);
  if (code === 'EISDIR') return new BackupError(`${file} est un dossier : donnez le chemin d'une archive .tar.gz.`);
  if (code) return error;
  // Any other error comes from tar-stream, whose messages name neither the entry nor the remedy.
  if (error.message === 'Unexpected end of data') return truncated(`elle s'arrête après « ${previous} »`);
  return damaged(`en-tête tar illisible après « ${previous} » : ${error.message}`);
}

/**
 * The entries of the archive at `file`, streamed: regular files only (format 1 has nothing else).
 * Throws `BackupError` with a French message for a missing, truncated or damaged archive. Exported for tests.
 */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry> {
  const input = fs.createReadStream(file);
  const gunzip = zlib.createGunzip();
  const extract = tar.extract();
  let previous = 'début de l’archive';
  const fail = (error: unknown) => extract.destroy(archiveError(error, file, previous));
  input.on('error', fail);
  gunzip.on('error', fail);
  input.pipe(gunzip).pipe(extract);
  // Taken now, before any byte is read: an entry found before would be missed.
  const entries = extract[Symbol.asyncIterator]();
  const next = async <T>(iterator: AsyncIterator<T>) => {
    try {
      return await iterator.next();
    } catch (error) {
      throw archiveError(error, file, previous);
    }
  };
  try {
    for (let entry = await next(entries); !entry.done; entry = await next(entries)) {
      const { name, size, type } = entry.value.header;
      // Read by hand, not with `for await`: leaving that loop would destroy the entry, and the whole
      // archive with it. tar-stream's types leave a body's chunks untyped; they are Buffers.
      const chunks = entry.value[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      if (type === 'file' || type === 'contiguous-file') {
        yield {
          path: name,
          size,
          body: (async function* () {
            for (let chunk = await next(chunks); !chunk.done; chunk = await next(chunks)) yield chunk.value;
          })(),
        };
      }
      // What the reader left of the body, or the body of an entry of another type, is skipped.
      while (!(await next(chunks)).done);
      previous = name;
    }
  } finally {
    input.destroy();
    gunzip.destroy();
    extract.destroy();
  }
}

const unreachable = new Set(['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', 'CONNECT_TIMEOUT', '28P01', '28000', '3D000']);

/**
 * A one-line French message for an error of the environment rather than of the code (a database
 * that does not answer or refuses the login), so the scripts need not print a stack; null otherwise.
 */
export function describeConnectionError(error: unknown): string | null {
  // Drizzle wraps the driver's error in `cause`.
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | null, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && unreachable.has(e.code)) {
      return (
        `la base de données est injoignable ou refuse la connexion (${e.code} : ${String(e.message)}). ` +
        'Vérifiez DATABASE_URL et que le serveur tourne.'
      );
    }
  }
  return null;
}

async function digest(body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of body) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Passes `body` through, and fails at its end when its bytes are not the expected ones. */
async function* checked(entry: ArchiveEntry, expected: ManifestEntry): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of entry.body) {
    hash.update(chunk);
    size += chunk.length;
    yield chunk;
  }
  if (size !== expected.size || hash.digest('hex') !== expected.sha256) {
    throw new BackupError(
      `« ${entry.path} » a changé depuis la vérification de l'archive : ` +
        `rien n'a été restauré. Vérifiez que personne n'écrit dans l'archive, puis relancez.`,
    );
  }
}

async function* lines(body: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let pending: Buffer[] = [];
  for await (const chunk of body) {
    let start = 0;
    for (let newline = chunk.indexOf(10, start); newline !== -1; newline = chunk.indexOf(10, start)) {
      pending.push(chunk.subarray(start, newline));
      yield Buffer.concat(pending).toString('utf8');
      pending = [];
      start = newline + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length > 0) yield Buffer.concat(pending).toString('utf8');
}

// ─── Catalog: the application's tables, read from the database itself ─────────────────────────

type Column = { name: string; type: string; generated: boolean };
type Table = { name: string; columns: Column[]; primaryKey: string[] };
type SchemaVersion = BackupManifest['schema'];
type Journal = { entries: { idx: number; when: number; tag: string }[] } & Record<string, unknown>;

/** The same text forms on both sides: ISO dates, hex bytea, exact floats, UTC. */
async function setTextFormats(db: Db): Promise<void> {
  await db.execute(
    sql`select set_config('datestyle', 'ISO, YMD', true), set_config('intervalstyle', 'postgres', true),
               set_config('extra_float_digits', '3', true), set_config('bytea_output', 'hex', true), set_config('timezone', 'UTC', true)`,
  );
}

async function listTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
  );
  return rows.map((r) => r.name);
}

/** The public tables in an order where every table comes after the tables its foreign keys point to. */
async function readCatalog(db: Db): Promise<Table[]> {
  const names = await listTables(db);
  const columns = await queryRows<{ table: string; name: string; type: string; generated: boolean }>(
    db,
    sql`select c.relname as "table", a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attgenerated <> '' as generated
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
        order by c.relname, a.attnum`,
  );
  const keys = await queryRows<{ table: string; name: string }>(
    db,
    sql`select c.relname as "table", a.attname as name
        from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
        cross join lateral unnest(i.indkey::int2[]) with ordinality k(attnum, position)
        join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
        where n.nspname = 'public' and i.indisprimary order by c.relname, k.position`,
  );
  const references = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent
        from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public'`,
  );
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of references) if (child !== parent && parents.has(parent)) parents.get(child)?.add(parent);
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < names.length) {
    const ready = names.filter((name) => !placed.has(name) && [...parents.get(name)!].every((p) => placed.has(p)));
    if (ready.length === 0)
      throw new Error(
        `Clés étrangères circulaires entre ${names.filter((n) => !placed.has(n)).join(', ')} : ordre de chargement impossible.`,
      );
    for (const name of ready) {
      order.push(name);
      placed.add(name);
    }
  }
  return order.map((name) => ({
    name,
    columns: columns.filter((c) => c.table === name).map(({ name: column, type, generated }) => ({ name: column, type, generated })),
    primaryKey: keys.filter((k) => k.table === name).map((k) => k.name),
  }));
}

function readJournal(): Journal {
  return JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal;
}

/** The migrations applied to `db`, from drizzle's bookkeeping (none when it was never migrated). */
async function readSchemaVersion(db: Db, journal: Journal): Promise<SchemaVersion> {
  const [exists] = await queryRows<{ found: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`);
  if (!exists?.found) return { migrations: 0, last: null, lastCreatedAt: null };
  const [row] = await queryRows<{ n: number; last: string | null }>(
    db,
    sql`select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  const lastCreatedAt = row?.last == null ? null : Number(row.last);
  return {
    migrations: row?.n ?? 0,
    last: journal.entries.find((e) => e.when === lastCreatedAt)?.tag ?? null,
    lastCreatedAt,
  };
}

/**
 * Migrates `database` up to the first `count` migrations of drizzle/migrations (all of them with
 * `migrateDatabase` when `count` is the whole journal): drizzle's migrator, pointed at a copy of the
 * folder whose journal stops there. Exported for tests that make an archive of an older schema.
 */
export async function migrateDatabaseTo(database: Database, databaseUrl: string | undefined, count: number): Promise<void> {
  const journal = readJournal();
  if (count >= journal.entries.length) return migrateDatabase(database, databaseUrl);
  if (count <= 0) return;
  const folder = await fsp.mkdtemp(path.join(os.tmpdir(), 'insstat-migrations-'));
  try {
    const entries = journal.entries.slice(0, count);
    await fsp.mkdir(path.join(folder, 'meta'));
    for (const entry of entries) await fsp.copyFile(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    await fsp.writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
    if (database.pglite) {
      await migratePglite(drizzlePglite(database.pglite), { migrationsFolder: folder });
      return;
    }
    if (!databaseUrl) throw new Error('migrateDatabaseTo: URL Postgres manquante.');
    const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      await migratePostgres(drizzlePostgres(client), { migrationsFolder: folder });
    } finally {
      await client.end({ timeout: 5 });
    }
  } finally {
    await fsp.rm(folder, { recursive: true, force: true });
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

// ─── Backup ────────────────────────────────────────────────────────────────────────────────────

export type BackupOptions = {
  db: Db;
  kind: 'pglite' | 'postgres';
  storage: StorageDriver;
  /** The archive to write; it appears under this name only once complete. */
  output: string;
  appVersion?: string;
  now?: Date;
  log?: (message: string) => void;
};

export type BackupSummary = {
  path: string;
  bytes: number;
  tables: number;
  rows: number;
  files: number;
  missingFiles: string[];
  manifest: BackupManifest;
};

type DumpedTable = BackupManifest['tables'][number] & { staged: string };

/** Writes every row of `table` to `dir/<table>.ndjson` (through a cursor: a big table is never held whole). */
async function dumpTable(db: Db, table: Table, dir: string): Promise<DumpedTable> {
  const columns = table.columns.filter((c) => !c.generated);
  const staged = path.join(dir, `${table.name}.ndjson`);
  const out = fs.createWriteStream(staged, { flags: 'wx' });
  const closed = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  const t = quoted(table.name);
  const fields = columns.map((c) => `${t}.${quoted(c.name)}::text as ${quoted(c.name)}`).join(', ');
  const order = (table.primaryKey.length > 0 ? table.primaryKey : columns.map((c) => c.name)).map((c) => `${t}.${quoted(c)}`).join(', ');
  await db.execute(
    sql.raw(
      'declare insstat_backup no scroll cursor for select row_to_json(x)::text ' +
        `as line from ${t} cross join lateral (select ${fields}) x order by ${order}`,
    ),
  );
  let rows = 0;
  try {
    for (;;) {
      const batch = await queryRows<{ line: string }>(db, sql.raw(`fetch forward ${FETCH_ROWS} from insstat_backup`));
      if (batch.length === 0) break;
      rows += batch.length;
      if (!out.write(batch.map((r) => `${r.line}\n`).join(''))) await once(out, 'drain');
    }
  } finally {
    out.end();
  }
  await closed;
  await db.execute(sql.raw('close insstat_backup'));
  return { name: table.name, path: `db/${table.name}.ndjson`, rows, columns: columns.map((c) => c.name), staged };
}

async function readSequences(db: Db): Promise<BackupManifest['sequences']> {
  const publicSequences = sql`pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'S'`;
  const names = await queryRows<{ name: string }>(db, sql`select c.relname as name from ${publicSequences} order by c.relname`);
  const sequences: BackupManifest['sequences'] = [];
  for (const { name } of names) {
    const [row] = await queryRows<{ lastValue: string; isCalled: boolean }>(
      db,
      sql.raw(`select last_value::text as "lastValue", is_called as "isCalled" from public.${quoted(name)}`),
    );
    if (row) sequences.push({ name, lastValue: row.lastValue, isCalled: row.isCalled });
  }
  return sequences;
}

/** Every storage key the database points to: each file and its image variants. */
async function readStoredKeys(db: Db, tables: Table[]): Promise<BackupManifest['files']> {
  if (!tables.some((t) => t.name === 'files')) return [];
  const rows = await queryRows<{ key: string | null; mime: string }>(
    db,
    sql`select storage_key as key, mime from files
        union all
        select v.value ->> 'key', coalesce(v.value ->> 'mime', f.mime)
        from files f cross join lateral jsonb_each(case when jsonb_typeof(f.variants) = 'object' then f.variants else '{}'::jsonb end) v`,
  );
  const files = new Map<string, BackupManifest['files'][number]>();
  for (const { key, mime } of rows) {
    if (!key || files.has(key)) continue;
    if (!storageKey.safeParse(key).success) throw new BackupError(`Clé de stockage invalide dans la table files : « ${key} ».`);
    files.set(key, { key, path: `files/${key}`, contentType: mime });
  }
  return [...files.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * Writes one archive of the database `db` (every public table, a consistent snapshot) and of the
 * files it references in `storage`. A stored file the database references but the storage lacks is
 * reported in the manifest's `missingFiles` and logged, without failing the backup.
 */
export async function createBackup(options: BackupOptions): Promise<BackupSummary> {
  const { db, storage, output } = options;
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  if (fs.existsSync(output))
    throw new BackupError(`${output} existe déjà : choisissez un autre nom, une sauvegarde n'en écrase jamais une autre.`);
  await fsp.mkdir(path.dirname(output), { recursive: true });
  const suffix = randomBytes(6).toString('hex');
  const stage = `${output}.${suffix}.tables`;
  const part = `${output}.${suffix}.part`;
  await fsp.mkdir(stage);
  try {
    const journal = readJournal();
    // One snapshot for every table, on Postgres while the site keeps writing.
    const snapshot = await db.transaction(
      async (tx) => {
        await setTextFormats(tx);
        const schema = await readSchemaVersion(tx, journal);
        const catalog = await readCatalog(tx);
        const tables: DumpedTable[] = [];
        for (const table of catalog) tables.push(await dumpTable(tx, table, stage));
        return { schema, tables, sequences: await readSequences(tx), files: await readStoredKeys(tx, catalog) };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const rows = snapshot.tables.reduce((n, t) => n + t.rows, 0);
    log(`Base lue : ${snapshot.tables.length} tables, ${rows} lignes ; ${snapshot.files.length} fichiers à copier.`);

    const entries: ManifestEntry[] = [];
    const missingFiles: string[] = [];
    const recorded = (entryPath: string, size: number, body: AsyncIterable<Uint8Array>): ArchiveInput => ({
      path: entryPath,
      size,
      body: (async function* () {
        const hash = createHash('sha256');
        for await (const chunk of body) {
          hash.update(chunk);
          yield chunk;
        }
        entries.push({ path: entryPath, size, sha256: hash.digest('hex') });
      })(),
    });
    const files: BackupManifest['files'] = [];
    const manifest = (): BackupManifest => ({
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: now.toISOString(),
      app: { version: options.appVersion ?? 'inconnue' },
      database: { kind: options.kind },
      schema: snapshot.schema,
      tables: snapshot.tables.map(({ name, path: p, rows: n, columns }) => ({ name, path: p, rows: n, columns })),
      sequences: snapshot.sequences,
      files,
      missingFiles,
      entries,
    });
    async function* sources(): AsyncGenerator<ArchiveInput> {
      for (const file of snapshot.files) {
        const size = await storage.size(file.key);
        if (size === null) {
          missingFiles.push(file.key);
          log(`Attention : « ${file.key} » est référencé par la base mais absent du stockage ; il manquera à l'archive.`);
          continue;
        }
        files.push(file);
        yield recorded(file.path, size, await storage.get(file.key));
      }
      for (const table of snapshot.tables) {
        const { size } = await fsp.stat(table.staged);
        yield recorded(table.path, size, fs.createReadStream(table.staged));
      }
      const data = Buffer.from(JSON.stringify(manifest(), null, 2));
      yield { path: MANIFEST, size: data.length, body: [data] };
    }
    await writeArchive(part, sources(), now);
    const handle = await fsp.open(part, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fsp.rename(part, output);
    const { size: bytes } = await fsp.stat(output);
    return { path: output, bytes, tables: snapshot.tables.length, rows, files: files.length, missingFiles, manifest: manifest() };
  } finally {
    await fsp.rm(stage, { recursive: true, force: true });
    await fsp.rm(part, { force: true });
  }
}

// ─── Restore ───────────────────────────────────────────────────────────────────────────────────

/**
 * Reads the whole archive and checks it against its manifest: every entry listed is present with
 * its size and SHA-256, nothing else is there, the manifest is one this code can read. Writes
 * nothing. Throws `BackupError` in French otherwise.
 */
export async function verifyArchive(file: string): Promise<BackupManifest> {
  const name = path.basename(file);
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestBytes: Buffer | null = null;
  for await (const entry of readArchive(file)) {
    if (seen.has(entry.path)) throw damaged(`« ${entry.path} » y figure deux fois`);
    if (entry.path === MANIFEST) {
      if (entry.size > 64 * 1024 * 1024) throw damaged('manifeste démesuré');
      const chunks: Buffer[] = [];
      for await (const chunk of entry.body) chunks.push(chunk);
      manifestBytes = Buffer.concat(chunks);
    }
    seen.set(entry.path, await digest(entry.path === MANIFEST ? [manifestBytes!] : entry.body));
  }
  if (!manifestBytes) {
    throw new BackupError(
      `${name} n'a pas de manifeste (${MANIFEST}) : ce n'est pas une sauvegarde complète de ce site. Rien n'a été restauré.`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(manifestBytes.toString('utf8'));
  } catch {
    throw damaged('manifeste illisible');
  }
  const header = json as { format?: unknown; formatVersion?: unknown } | null;
  if (header?.format !== FORMAT) throw new BackupError(`${name} n'est pas une sauvegarde de ce site (manifeste d'un autre format).`);
  if (typeof header.formatVersion === 'number' && header.formatVersion > FORMAT_VERSION) {
    throw new BackupError(
      `${name} a été écrite par une version plus récente de l'application ` +
        `(format ${header.formatVersion}) : mettez l'application à jour avant de restaurer.`,
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw damaged(`manifeste incomplet : ${parsed.error.issues[0]?.path.join('.') || 'racine'}`);
  const manifest = parsed.data;

  const absent = manifest.entries.filter((e) => !seen.has(e.path));
  if (absent.length > 0) {
    const list = absent
      .slice(0, 3)
      .map((e) => `« ${e.path} »`)
      .join(', ');
    throw new BackupError(
      `L'archive est incomplète : ${absent.length} entrée(s) listée(s) par le manifeste en sont absentes ` +
        `(${list}${absent.length > 3 ? '…' : ''}). Rien n'a été restauré ; utilisez une autre copie.`,
    );
  }
  for (const expected of manifest.entries) {
    const got = seen.get(expected.path)!;
    if (got.size !== expected.size || got.sha256 !== expected.sha256) {
      throw new BackupError(
        `Somme de contrôle incorrecte pour « ${expected.path} » : ` +
          `l'archive est endommagée. Rien n'a été restauré ; utilisez une autre copie.`,
      );
    }
  }
  const listed = new Set(manifest.entries.map((e) => e.path));
  const extra = [...seen.keys()].find((p) => p !== MANIFEST && !listed.has(p));
  if (extra) throw damaged(`« ${extra} » n'est pas listé par le manifeste`);
  const unlisted = [...manifest.tables.map((t) => t.path), ...manifest.files.map((f) => f.path)].find((p) => !listed.has(p));
  if (unlisted) throw damaged(`le manifeste ne donne pas la somme de contrôle de « ${unlisted} »`);
  return manifest;
}

/** Refuses an archive of a schema this code does not know (newer, or from another branch). */
function assertKnownSchema(manifest: BackupManifest, journal: Journal): void {
  const { schema } = manifest;
  if (schema.migrations === 0) return;
  const latest = journal.entries.at(-1);
  const known = journal.entries.findIndex((e) => e.when === schema.lastCreatedAt);
  if (known === -1 || known + 1 !== schema.migrations) {
    const newer = latest && schema.lastCreatedAt !== null && schema.lastCreatedAt > latest.when;
    throw new BackupError(
      newer
        ? `Cette archive vient d'une version plus récente de l'application (schéma ${schema.last ?? schema.migrations}, ` +
            `cette version connaît jusqu'à ${latest.tag}) : mettez l'application à jour, puis restaurez.`
        : `Cette archive a un schéma que cette version de l'application ne connaît pas ` +
            `(${schema.last ?? `${schema.migrations} migrations`}) : restaurez-la avec la version qui l'a écrite.`,
    );
  }
}

/** Refuses a database holding any row (beyond those its migrations write) or already past the archive's schema. */
async function assertEmptyDatabase(db: Db, manifest: BackupManifest, journal: Journal): Promise<SchemaVersion> {
  for (const table of await listTables(db)) {
    if (MIGRATION_ROWS.has(table)) continue;
    const [row] = await queryRows<{ any: boolean }>(db, sql.raw(`select exists (select 1 from ${quoted(table)}) as any`));
    if (row?.any) {
      throw new BackupError(
        `La base cible n'est pas vide (la table « ${table} » contient des lignes) : une sauvegarde ` +
          'se restaure dans une base neuve — une base Postgres vide, ou un DATA_DIR vide avec PGlite.',
      );
    }
  }
  const current = await readSchemaVersion(db, journal);
  if (current.migrations > manifest.schema.migrations) {
    throw new BackupError(
      `La base cible, vide, est déjà migrée au-delà du schéma de l'archive (${current.last ?? current.migrations} ` +
        `contre ${manifest.schema.last ?? manifest.schema.migrations}) : restaurez dans une base neuve, jamais migrée.`,
    );
  }
  return current;
}

/** Refuses a storage that already holds one of the archive's files (it would be overwritten). */
async function assertEmptyStorage(storage: StorageDriver, manifest: BackupManifest): Promise<void> {
  let next = 0;
  const found: string[] = [];
  const worker = async () => {
    while (found.length === 0 && next < manifest.files.length) {
      const { key } = manifest.files[next++]!;
      if ((await storage.size(key)) !== null) found.push(key);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  if (found.length > 0) {
    throw new BackupError(
      `Le stockage cible contient déjà « ${found[0]} » : une sauvegarde se ` +
        'restaure dans un stockage vide (un DATA_DIR vide, ou un bucket neuf).',
    );
  }
}

/** Inserts the rows of one ndjson entry, a batch at a time; returns how many. */
async function loadTable(tx: Db, table: Table, columnNames: string[], body: AsyncIterable<Buffer>): Promise<number> {
  const types = new Map(table.columns.map((c) => [c.name, c]));
  for (const name of columnNames) {
    const column = types.get(name);
    if (!column || column.generated)
      throw new BackupError(`L'archive ne correspond pas au schéma : colonne « ${table.name}.${name} » inconnue. Rien n'a été restauré.`);
  }
  const t = quoted(table.name);
  const target = columnNames.map(quoted).join(', ');
  const casts = columnNames.map((c) => `x.${quoted(c)}::${types.get(c)!.type}`).join(', ');
  const definitions = columnNames.map((c) => `${quoted(c)} text`).join(', ');
  const head = `insert into ${t} (${target}) overriding system value select ${casts} from json_to_recordset(`;
  const insert = (json: string) => sql`${sql.raw(head)}cast(${json} as text)::json${sql.raw(`) as x(${definitions})`)}`;
  let rows = 0;
  let batch: string[] = [];
  let chars = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await tx.execute(insert(`[${batch.join(',')}]`));
    rows += batch.length;
    batch = [];
    chars = 0;
  };
  for await (const line of lines(body)) {
    if (!line) continue;
    batch.push(line);
    chars += line.length;
    if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
  }
  await flush();
  return rows;
}

export type RestoreOptions = {
  archive: string;
  database: Database;
  /** Postgres URL of `database` (migrations use their own connection); unused on PGlite. */
  databaseUrl?: string;
  storage: StorageDriver;
  log?: (message: string) => void;
};

export type RestoreSummary = {
  tables: number;
  rows: number;
  files: number;
  missingFiles: string[];
  manifest: BackupManifest;
  migratedFrom: string | null;
};

/**
 * Restores `archive` into `database` and `storage`, both empty. Checks the whole archive and the
 * targets first (writing nothing if anything is wrong), then: migrates the database to the
 * archive's schema, stores the files, loads every row in one transaction (triggers off, sequences
 * set as saved), and brings an older schema up to date. On failure nothing stays: the transaction
 * rolls back and the files stored are deleted.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const { archive, database, databaseUrl, storage } = options;
  const log = options.log ?? (() => {});
  const journal = readJournal();

  const manifest = await verifyArchive(archive);
  const rowsInArchive = manifest.tables.reduce((n, t) => n + t.rows, 0);
  log(
    `Archive vérifiée : ${manifest.files.length} fichiers, ${manifest.tables.length} ` +
      `tables, ${rowsInArchive} lignes (sauvegarde du ${manifest.createdAt}).`,
  );
  assertKnownSchema(manifest, journal);
  const current = await assertEmptyDatabase(database.db, manifest, journal);
  await assertEmptyStorage(storage, manifest);

  if (current.migrations < manifest.schema.migrations) await migrateDatabaseTo(database, databaseUrl, manifest.schema.migrations);

  const expected = new Map(manifest.entries.map((e) => [e.path, e]));
  const filesByPath = new Map(manifest.files.map((f) => [f.path, f]));
  const tablesByPath = new Map(manifest.tables.map((t) => [t.path, t]));
  const written: string[] = [];
  const entries = readArchive(archive);
  let rows = 0;
  try {
    // Files first, outside the transaction, so it stays as short as the rows' load.
    let next = await entries.next();
    while (!next.done && filesByPath.has(next.value.path)) {
      const entry = next.value;
      const file = filesByPath.get(entry.path)!;
      written.push(file.key);
      await storage.put(file.key, Readable.from(checked(entry, expected.get(entry.path)!)), file.contentType);
      next = await entries.next();
    }
    log(`Fichiers restaurés : ${written.length}.`);

    rows = await database.db.transaction(async (tx) => {
      await setTextFormats(tx);
      const catalog = new Map((await readCatalog(tx)).map((t) => [t.name, t]));
      const missing = manifest.tables.find((t) => !catalog.has(t.name));
      if (missing)
        throw new BackupError(`L'archive ne correspond pas au schéma : table « ${missing.name} » inconnue. Rien n'a été restauré.`);
      // The search index and the extraction queue are restored as saved: their triggers must not fire.
      for (const name of catalog.keys()) await tx.execute(sql.raw(`alter table ${quoted(name)} disable trigger user`));
      for (const name of MIGRATION_ROWS) if (catalog.has(name)) await tx.execute(sql.raw(`delete from ${quoted(name)}`));
      let total = 0;
      while (!next.done) {
        const entry = next.value;
        const table = tablesByPath.get(entry.path);
        if (table) {
          const loaded = await loadTable(tx, catalog.get(table.name)!, table.columns, checked(entry, expected.get(entry.path)!));
          if (loaded !== table.rows) throw damaged(`${loaded} lignes dans « ${entry.path} » au lieu des ${table.rows} annoncées`);
          total += loaded;
        } else if (entry.path !== MANIFEST) {
          throw damaged(`« ${entry.path} » n'est pas à sa place dans l'archive`);
        }
        next = await entries.next();
      }
      for (const sequence of manifest.sequences) {
        const named = sql`n.nspname = 'public' and c.relkind = 'S' and c.relname = ${sequence.name}`;
        const set = await queryRows<{ value: string }>(
          tx,
          sql`select setval(c.oid, ${sequence.lastValue}::bigint, ${sequence.isCalled})::text as value
              from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${named}`,
        );
        if (set.length === 0)
          throw new BackupError(`L'archive ne correspond pas au schéma : séquence « ${sequence.name} » inconnue. Rien n'a été restauré.`);
      }
      for (const name of catalog.keys()) await tx.execute(sql.raw(`alter table ${quoted(name)} enable trigger user`));
      return total;
    });
    log(`Lignes restaurées : ${rows}.`);
  } catch (error) {
    await entries.return(undefined);
    await Promise.allSettled(written.map((key) => storage.delete(key)));
    throw error;
  }

  // Committed: an archive of an older schema now goes through the migrations it missed.
  let migratedFrom: string | null = null;
  if (manifest.schema.migrations < journal.entries.length) {
    await migrateDatabase(database, databaseUrl);
    migratedFrom = manifest.schema.last ?? `${manifest.schema.migrations} migrations`;
    log(`Schéma mis à jour : ${migratedFrom} → ${journal.entries.at(-1)?.tag}.`);
  }
  return { tables: manifest.tables.length, rows, files: written.length, missingFiles: manifest.missingFiles, manifest, migratedFrom };
}
