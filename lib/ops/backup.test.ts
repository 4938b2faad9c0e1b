/**
 * Backup and restore on real databases: the demo content saved to one archive comes back into a new
 * empty database and storage with the same rows (table by table), sequences, schema version and
 * files (by SHA-256); a damaged, partial, foreign or too recent archive, and a target that is not
 * empty, are refused in French with nothing written; an archive of an older schema is loaded at its
 * version, then migrated (its files going to S3-compatible storage).
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kinds } from '@/lib/content/kinds';
import { createItem } from '@/lib/content/mutations/items';
import type { Database, Db } from '@/lib/db/open';
import { queryRows } from '@/lib/db/raw';
import { files, users } from '@/lib/db/schema';
import { seedDemoContent } from '@/demo';
import { newStorageKey } from '@/lib/storage';
import { createLocalStorage } from '@/lib/storage/local';
import { createS3Storage } from '@/lib/storage/s3';
import type { StorageDriver } from '@/lib/storage/types';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { startS3Server } from '@/testing/s3-server';
import { createBackup, migrateDatabaseTo, readArchive, restoreBackup, writeArchive, type BackupSummary } from './backup';

const journal = JSON.parse(fs.readFileSync('drizzle/migrations/meta/_journal.json', 'utf8')) as {
  entries: { tag: string; when: number }[];
};

type Target = { database: Database; url?: string; close(): Promise<void> };

/** A new database that was never migrated: what an operator restores into. */
async function emptyDatabase(kind: 'pglite' | 'postgres'): Promise<Target> {
  const database = await createTestDatabase(kind, { migrate: false });
  return { database, url: database.url, close: () => database.close() };
}

async function publicTables(db: Db): Promise<string[]> {
  const tables = sql`pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r'`;
  const rows = await queryRows<{ name: string }>(db, sql`select c.relname as name from ${tables} order by 1`);
  return rows.map((r) => r.name);
}

/** Every row of every table (as Postgres prints it, generated columns included), every sequence, the migrations applied. */
async function contents(db: Db) {
  const rows: Record<string, string[]> = {};
  for (const table of await publicTables(db)) {
    rows[table] = (
      await queryRows<{ r: string }>(
        db,
        sql.raw(`select row_to_json(t)::text as r from "${table}" t order by row_to_json(t)::text collate "C"`),
      )
    ).map((x) => x.r);
  }
  const sequences: Record<string, string> = {};
  const publicSequences = sql`pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'S'`;
  const names = await queryRows<{ name: string }>(db, sql`select c.relname as name from ${publicSequences}`);
  for (const { name } of names) {
    const [row] = await queryRows<{ v: string }>(db, sql.raw(`select last_value::text || ' ' || is_called::text as v from "${name}"`));
    sequences[name] = row!.v;
  }
  const migrations = await queryRows<{ hash: string; at: string }>(
    db,
    sql`select hash, created_at::text as at from drizzle.__drizzle_migrations order by id`,
  );
  return { rows, sequences, migrations };
}

/** SHA-256 of every file under `dir`, by path relative to it. */
function fileHashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, full).split(path.sep).join('/')] = createHash('sha256').update(fs.readFileSync(full)).digest('hex');
  }
  return out;
}

describe.each(testDatabaseKinds)('backup and restore (%s)', (kind) => {
  let source: TestDatabase;
  let root: string;
  let sourceFiles: string;
  let storage: StorageDriver;
  let archive: string;
  let backup: BackupSummary;
  let entries: { path: string; data: Buffer }[];
  /** A database never migrated, kept empty by every refused restore (PGlite instances are slow to open). */
  let spare: Target;
  const logs: string[] = [];

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'insstat-backup-'));
    sourceFiles = path.join(root, 'source-files');
    storage = createLocalStorage(sourceFiles);
    [source, spare] = await Promise.all([createTestDatabase(kind), emptyDatabase(kind)]);
    await seedDemoContent(source.db, storage, { now: new Date() });

    // An uploaded image with a resized variant: both objects belong in the archive.
    const key = newStorageKey('png');
    const thumb = key.replace(/\.png$/, '-thumb.webp');
    await storage.put(key, Readable.from(randomBytes(300_000)), 'image/png');
    await storage.put(thumb, Readable.from(randomBytes(8_000)), 'image/webp');
    const [image] = await source.db
      .insert(files)
      .values({
        storageKey: key,
        name: 'Photo du recensement',
        originalName: 'photo.png',
        mime: 'image/png',
        ext: 'png',
        size: 300_000,
        sha256: '0'.repeat(64),
        variants: { thumb: { key: thumb, width: 320, height: 200, size: 8_000, mime: 'image/webp' } },
      })
      .returning({ id: files.id });
    // Values a JSON round trip through JavaScript would spoil: a bigint beyond 2^53, JSON null
    // (not SQL NULL) in a jsonb column, text with quotes, backslashes, line breaks and emoji.
    await source.db.execute(sql`update files set download_count = 9007199254740993 where id = ${image!.id}`);
    const summary = 'Ligne 1\nLigne 2 « \\ " » 📊\ttab';
    await source.db.execute(
      sql`insert into audit_entries (action, summary, before, after) values ('file.upload', ${summary}, 'null'::jsonb, '"texte"'::jsonb)`,
    );

    archive = path.join(root, 'archives', 'sauvegarde.tar.gz');
    const started = Date.now();
    backup = await createBackup({
      db: source.db,
      kind: source.kind,
      storage,
      output: archive,
      appVersion: '0.1.0',
      log: (m) => logs.push(m),
    });
    console.info(
      `[${source.label}] archive: ${(backup.bytes / 1e6).toFixed(1)} ` +
        `MB, ${backup.rows} rows, ${backup.files} files, ${Date.now() - started} ms`,
    );
    entries = [];
    for await (const entry of readArchive(archive)) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry.body) chunks.push(chunk);
      entries.push({ path: entry.path, data: Buffer.concat(chunks) });
    }
  });

  afterAll(async () => {
    await source?.close();
    await spare?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('writes one archive: the files, one file per table, and a manifest with their checksums last', () => {
    expect(fs.readdirSync(path.dirname(archive))).toEqual(['sauvegarde.tar.gz']);
    const paths = entries.map((e) => e.path);
    expect(paths.at(-1)).toBe('manifest.json');
    expect(paths.filter((p) => p.startsWith('files/'))).toHaveLength(Object.keys(fileHashes(sourceFiles)).length);
    expect(paths).toContain('db/publications.ndjson');
    expect(paths).toContain('db/search_documents.ndjson');
    const manifest = backup.manifest;
    expect(manifest.schema).toEqual({
      migrations: journal.entries.length,
      last: journal.entries.at(-1)!.tag,
      lastCreatedAt: journal.entries.at(-1)!.when,
    });
    expect(manifest.database.kind).toBe(kind);
    expect(manifest.missingFiles).toEqual([]);
    // Tables come after the tables they point to.
    const order = manifest.tables.map((t) => t.name);
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('files'));
    expect(order.indexOf('files')).toBeLessThan(order.indexOf('publication_files'));
    expect(order.indexOf('releases')).toBeLessThan(order.indexOf('series_versions'));
    for (const entry of entries.filter((e) => e.path !== 'manifest.json')) {
      const listed = manifest.entries.find((e) => e.path === entry.path);
      expect(listed, entry.path).toEqual({
        path: entry.path,
        size: entry.data.length,
        sha256: createHash('sha256').update(entry.data).digest('hex'),
      });
    }
    expect(manifest.tables.find((t) => t.name === 'publications')!.rows).toBeGreaterThan(10);
    // Generated columns are computed again on restore, not saved.
    expect(manifest.tables.find((t) => t.name === 'search_documents')!.columns).not.toContain('tsv');
  });

  it('restores the same rows, sequences, schema version and files into a new empty database and storage', async () => {
    const target = await emptyDatabase(kind);
    const targetFiles = path.join(root, 'restored-files');
    try {
      const restored = await restoreBackup({
        archive,
        database: target.database,
        databaseUrl: target.url,
        storage: createLocalStorage(targetFiles),
        log: (m) => logs.push(m),
      });
      expect(restored).toMatchObject({ rows: backup.rows, files: backup.files, migratedFrom: null });

      const before = await contents(source.db);
      const after = await contents(target.database.db);
      expect(Object.keys(after.rows)).toEqual(Object.keys(before.rows));
      for (const table of Object.keys(before.rows)) expect(after.rows[table], table).toEqual(before.rows[table]);
      expect(after.sequences).toEqual(before.sequences);
      expect(after.migrations).toEqual(before.migrations);
      expect(fileHashes(targetFiles)).toEqual(fileHashes(sourceFiles));

      const [audit] = await queryRows<{ before: string; kind: string }>(
        target.database.db,
        sql`select before::text as before, jsonb_typeof(before) as kind from audit_entries where action = 'file.upload'`,
      );
      expect(audit).toEqual({ before: 'null', kind: 'null' });

      // The restored site works on: the next id follows the saved ones, and the search triggers are back.
      const [user] = await target.database.db.select({ id: users.id, name: users.name, email: users.email }).from(users).limit(1);
      const { item } = await createItem(target.database.db, {
        kind: kinds.publications,
        input: { title: 'Note après restauration', area: 'ipc' },
        user: user!,
      });
      const [max] = await queryRows<{ id: number }>(source.db, sql`select max(id)::int as id from publications`);
      expect(item.id).toBeGreaterThan(max!.id);
      const found = await queryRows<{ title: string }>(
        target.database.db,
        sql`select title from search_documents where source = 'publications' and source_id = ${String(item.id)}`,
      );
      expect(found).toEqual([{ title: 'Note après restauration' }]);
    } finally {
      await target.close();
    }
  });

  it('refuses a damaged, partial, foreign or too recent archive, and writes nothing', async () => {
    const bytes = fs.readFileSync(archive);
    const variant = async (name: string, edit: (list: typeof entries) => typeof entries) => {
      const file = path.join(root, name);
      await writeArchive(
        file,
        edit(entries).map((e) => ({ path: e.path, size: e.data.length, body: [e.data] })),
      );
      return file;
    };
    const write = (name: string, data: Buffer) => {
      const file = path.join(root, name);
      fs.writeFileSync(file, data);
      return file;
    };
    const flipped = Buffer.from(bytes);
    for (let i = Math.floor(bytes.length * 0.4); i < Math.floor(bytes.length * 0.4) + 64; i++) flipped[i] = flipped[i]! ^ 0xff;
    const storedFile = entries.find((e) => e.path.startsWith('files/'))!.path;

    const cases: [string, RegExp][] = [
      [write('tronquee.tar.gz', bytes.subarray(0, Math.floor(bytes.length * 0.6))), /L'archive est tronquée/],
      // Where the damage falls decides who sees it first: the decompressor, or an entry's checksum.
      [write('abimee.tar.gz', flipped), /archive est endommagée/i],
      [write('pas-une-archive.tar.gz', Buffer.from('Ceci est un texte, pas une sauvegarde.\n')), /L'archive est endommagée/],
      [path.join(root, 'absente.tar.gz'), /Archive introuvable/],
      [
        await variant('modifiee.tar.gz', (list) =>
          list.map((e) => (e.path === storedFile ? { ...e, data: Buffer.concat([Buffer.from([e.data[0]! ^ 1]), e.data.subarray(1)]) } : e)),
        ),
        /Somme de contrôle incorrecte pour « files\//,
      ],
      [
        // A row added to a table's file.
        await variant('ligne-ajoutee.tar.gz', (list) =>
          list.map((e) =>
            e.path === 'db/news.ndjson' ? { ...e, data: Buffer.concat([e.data, e.data.subarray(0, e.data.indexOf(10) + 1)]) } : e,
          ),
        ),
        /Somme de contrôle incorrecte pour « db\/news\.ndjson »/,
      ],
      [await variant('sans-manifeste.tar.gz', (list) => list.filter((e) => e.path !== 'manifest.json')), /n'a pas de manifeste/],
      [
        await variant('incomplete.tar.gz', (list) => list.filter((e) => e.path !== storedFile)),
        /L'archive est incomplète : 1 entrée\(s\) listée\(s\) par le manifeste en sont absentes/,
      ],
      [
        await variant('future.tar.gz', (list) =>
          list.map((e) => {
            if (e.path !== 'manifest.json') return e;
            const manifest = JSON.parse(e.data.toString());
            manifest.schema = {
              migrations: manifest.schema.migrations + 1,
              last: '0099_futur',
              lastCreatedAt: manifest.schema.lastCreatedAt + 1000,
            };
            return { ...e, data: Buffer.from(JSON.stringify(manifest)) };
          }),
        ),
        /vient d'une version plus récente de l'application.*mettez l'application à jour/,
      ],
    ];
    const targetFiles = path.join(root, 'refused-files');
    for (const [file, message] of cases) {
      await expect(
        restoreBackup({ archive: file, database: spare.database, databaseUrl: spare.url, storage: createLocalStorage(targetFiles) }),
        path.basename(file),
      ).rejects.toThrow(message);
      expect(await publicTables(spare.database.db), path.basename(file)).toEqual([]);
      expect(fileHashes(targetFiles), path.basename(file)).toEqual({});
    }
  });

  it('refuses a target database or storage that is not empty, and writes nothing', async () => {
    const emptyFiles = path.join(root, 'empty-files');
    const [{ n: before }] = (await queryRows<{ n: number }>(source.db, sql`select count(*)::int as n from publications`)) as [
      { n: number },
    ];
    await expect(
      restoreBackup({ archive, database: source, databaseUrl: source.url, storage: createLocalStorage(emptyFiles) }),
    ).rejects.toThrow(/La base cible n'est pas vide \(la table « .+ » contient des lignes\)/);
    expect(fileHashes(emptyFiles)).toEqual({});
    expect(await queryRows(source.db, sql`select count(*)::int as n from publications`)).toEqual([{ n: before }]);

    const sourceHashes = fileHashes(sourceFiles);
    await expect(restoreBackup({ archive, database: spare.database, databaseUrl: spare.url, storage })).rejects.toThrow(
      /Le stockage cible contient déjà « .+ »/,
    );
    expect(await publicTables(spare.database.db)).toEqual([]);
    expect(fileHashes(sourceFiles)).toEqual(sourceHashes);
  });

  it('loads an archive of an older schema at its own version, then applies the migrations it missed (files into S3)', async () => {
    // The spare database, still empty after the refusals, becomes the site of an older version.
    const older = spare;
    const [target, s3] = await Promise.all([emptyDatabase(kind), startS3Server()]);
    const olderArchive = path.join(root, 'ancienne.tar.gz');
    try {
      await migrateDatabaseTo(older.database, older.url, journal.entries.length - 1);
      const olderStorage = createLocalStorage(path.join(root, 'older-files'));
      const pdf = randomBytes(2 * 1024 * 1024);
      await olderStorage.put('2025/12/annuaire.pdf', Readable.from(pdf), 'application/pdf');
      await older.database.db.execute(
        sql`insert into publications (area, slug, title) values ('ipc', 'note-ancienne', 'Note d’un ancien schéma')`,
      );
      const annuaire = sql`('2025/12/annuaire.pdf', 'Annuaire', 'annuaire.pdf', 'application/pdf', 'pdf', ${pdf.length}, 'x')`;
      await older.database.db.execute(
        sql`insert into files (storage_key, name, original_name, mime, ext, size, sha256) values ${annuaire}`,
      );
      const saved = await createBackup({ db: older.database.db, kind: older.database.kind, storage: olderStorage, output: olderArchive });
      expect(saved.manifest.schema.last).toBe(journal.entries.at(-2)!.tag);

      const bucket = createS3Storage({ ...s3, forcePathStyle: true });
      const restored = await restoreBackup({ archive: olderArchive, database: target.database, databaseUrl: target.url, storage: bucket });
      expect(restored).toMatchObject({ migratedFrom: journal.entries.at(-2)!.tag, files: 1 });
      const { migrations, rows } = await contents(target.database.db);
      expect(migrations).toHaveLength(journal.entries.length);
      expect(rows.publications).toHaveLength(1);
      expect(await queryRows(target.database.db, sql`select title from search_documents`)).toEqual([{ title: 'Note d’un ancien schéma' }]);
      const stored = createHash('sha256');
      for await (const chunk of await bucket.get('2025/12/annuaire.pdf')) stored.update(chunk as Buffer);
      expect(stored.digest('hex')).toBe(createHash('sha256').update(pdf).digest('hex'));
    } finally {
      await target.close();
      await s3.close();
    }
  });
});

/**
 * An archive written by the hand-made tar writer that `tar-stream` replaced (commit 445dd6a, format 1):
 * a migrated database with one publication, two files rows (a bigint past 2^53, image variants) and
 * an audit entry, and three stored objects, one of them over three tar blocks and two behind keys
 * longer than the 100 bytes of a ustar name (written with a pax `path` record). Made by `createBackup`
 * of that commit on PGlite, with `now` at 2026-05-01T02:30:00Z. Operators hold archives like it.
 */
const formatOneArchive = path.resolve('lib/ops/fixtures/backup-format-1-handwritten-tar.tar.gz');
const longKey = `2025/12/${'annuaire-statistique-de-la-population-recensement-general-'.repeat(2)}tableau.png`;
const formatOneFiles = {
  '2025/12/annuaire.pdf': '7d3d0afa0846e3eb5669dbac3b1b9a385cfb19c4d1443ac7f8c86e0c2a3c3014',
  [longKey]: '8bf3cd88e643c9a6b8e89968639755664caaaa61a597760b1ae3974aa840a259',
  [longKey.replace(/\.png$/, '-thumb.webp')]: '05bf250f1340e6d8020386e66b1d266424722bd2ba52b91d0c5713f3227c0df8',
};

/** Every entry of an archive, read whole (the archives here are small). */
async function readEntries(file: string): Promise<{ path: string; data: Buffer }[]> {
  const out: { path: string; data: Buffer }[] = [];
  for await (const entry of readArchive(file)) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry.body) chunks.push(chunk);
    out.push({ path: entry.path, data: Buffer.concat(chunks) });
  }
  return out;
}

describe.each(testDatabaseKinds)('an archive of format 1, written before tar-stream (%s)', (kind) => {
  it('restores with its rows and files, and a new backup of it holds the same entries byte for byte', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'insstat-backup-format-1-'));
    const target = await emptyDatabase(kind);
    try {
      const restoredFiles = path.join(root, 'files');
      const storage = createLocalStorage(restoredFiles);
      const restored = await restoreBackup({ archive: formatOneArchive, database: target.database, databaseUrl: target.url, storage });
      expect(restored).toMatchObject({ rows: 12, files: 3, missingFiles: [] });
      expect(restored.manifest).toMatchObject({ formatVersion: 1, createdAt: '2026-05-01T02:30:00.000Z', database: { kind: 'pglite' } });
      expect(fileHashes(restoredFiles)).toEqual(formatOneFiles);

      const db = target.database.db;
      expect(await queryRows(db, sql`select title from publications`)).toEqual([
        { title: 'Note « d’avant » : "guillemets", \\ barre, 📊\nligne 2' },
      ]);
      expect(
        await queryRows(db, sql`select storage_key as key, download_count::text as downloads from files order by storage_key`),
      ).toEqual([
        { key: longKey, downloads: '0' },
        { key: '2025/12/annuaire.pdf', downloads: '9007199254740993' },
      ]);
      expect(await queryRows(db, sql`select before::text as before, jsonb_typeof(before) as kind from audit_entries`)).toEqual([
        { before: 'null', kind: 'null' },
      ]);
      const { migrations } = await contents(db);
      expect(migrations).toHaveLength(journal.entries.length);

      // Written again from the restored site, the archive has the same entries in the same order,
      // with the same bytes; only the manifest's database kind may differ. Once a later migration
      // rewrites rows on restore (migratedFrom set), the bytes may rightly differ: the comparison stops there.
      if (restored.migratedFrom !== null) return;
      const again = path.join(root, 'again.tar.gz');
      await createBackup({ db, kind, storage, output: again, appVersion: '0.1.0', now: new Date('2026-05-01T02:30:00Z') });
      const before = await readEntries(formatOneArchive);
      const after = await readEntries(again);
      expect(after.map((e) => e.path)).toEqual(before.map((e) => e.path));
      for (const [i, entry] of before.entries())
        if (entry.path !== 'manifest.json') expect(after[i]!.data.equals(entry.data), entry.path).toBe(true);
      const manifest = (entries: typeof before) => ({ ...JSON.parse(entries.at(-1)!.data.toString('utf8')), database: null });
      expect(manifest(after)).toEqual(manifest(before));
      // And `tar` itself lists it, long names included (README: « tar tzf lists it »).
      const listed = execFileSync('tar', ['-tzf', again], { encoding: 'utf8' }).trim().split('\n');
      expect(listed).toEqual(after.map((e) => e.path));
    } finally {
      await target.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('writeArchive', () => {
  it('fails, without crashing the process, when an entry is not the size announced or its source fails', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'insstat-backup-write-'));
    try {
      const entry = (size: number, body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) => [
        { path: 'files/2026/05/note.pdf', size, body },
      ];
      await expect(writeArchive(path.join(root, 'courte.tar.gz'), entry(10, [Buffer.from('abc')]))).rejects.toThrow(
        '« files/2026/05/note.pdf » a changé pendant la sauvegarde (3 octets lus au lieu de 10). Relancez la sauvegarde.',
      );
      await expect(writeArchive(path.join(root, 'longue.tar.gz'), entry(2, [Buffer.from('abc')]))).rejects.toThrow(
        /a changé pendant la sauvegarde \(3 octets lus au lieu de 2\)/,
      );
      const failing = (async function* () {
        yield Buffer.from('a');
        throw new Error('connexion au stockage coupée');
      })();
      await expect(writeArchive(path.join(root, 'coupee.tar.gz'), entry(2, failing))).rejects.toThrow('connexion au stockage coupée');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
