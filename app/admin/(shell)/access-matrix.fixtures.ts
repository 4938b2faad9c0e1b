/**
 * The fixtures of the access matrix (access-matrix.test.ts): five signed-in actors, one per role
 * and area case, and one object of every kind an admin entry point writes. Built once per
 * database with the application's own functions, then kept as JSON: `restore()` puts every table
 * back as it was (truncate, reinsert, sequences), so each cell of the matrix starts from the same
 * fresh fixtures; `snapshot()` is every table an entry point can write, to show a refusal changed
 * nothing.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { startSession } from '@/lib/auth/embedded';
import type { Role } from '@/lib/auth/roles';
import type { Database } from '@/lib/db/open';
import { queryRows } from '@/lib/db/raw';
import { files, news, pages, publicationFiles, publications, siteIdentity, users } from '@/lib/db/schema';
import { linkPublication } from '@/lib/releases/links';
import { createRelease } from '@/lib/releases/mutations';
import { stageImport } from '@/lib/series/imports';
import { setSelfApproval } from '@/lib/review/settings';
import { createSeries, publishVersions } from '@/lib/series/versions';
import { stageTableImport } from '@/lib/tables/imports';
import { defineSlice } from '@/lib/tables/slices';
import { createTable, writeTableVersion } from '@/lib/tables/versions';
import type { StorageDriver } from '@/lib/storage';
import { alertSubscribers } from '@/lib/alerts/schema';
import { passkeys, userTotp } from '@/lib/auth/mfa/schema';
import { prepareSurveyImport } from '@/lib/microdata/imports';
import { emptyStudy } from '@/lib/microdata/model';
import { findSurvey } from '@/lib/microdata/queries';
import { writeSurveyVersion } from '@/lib/microdata/write';
import { sealSecret } from '@/lib/auth/mfa/secret-box';

export const actorNames = ['admin', 'publisher', 'editorIn', 'editorOut', 'editorNone'] as const;
export type ActorName = (typeof actorNames)[number];

/** The five accounts of the matrix's columns. */
export const actorAccess: Record<ActorName, { role: Role; areas: string[]; label: string }> = {
  admin: { role: 'admin', areas: [], label: 'Administrateur' },
  publisher: { role: 'publisher', areas: [], label: 'Responsable de publication' },
  editorIn: { role: 'editor', areas: ['ipc', 'news'], label: 'Rédacteur (ipc, news)' },
  editorOut: { role: 'editor', areas: ['demographie'], label: 'Rédacteur (demographie)' },
  editorNone: { role: 'editor', areas: [], label: 'Rédacteur sans rubrique' },
};

type Item = { id: number; version: number };

export type Fixtures = {
  actors: Record<ActorName, { id: string; name: string; email: string; token: string }>;
  /** Someone else: uploader of `otherFile`, author of `otherImport`. */
  other: { id: string };
  /** An account the users screen changes (Rédacteur, no area). */
  target: { id: string };
  ipcDraft: Item;
  /** Written by `other`, submitted for review. */
  ipcSubmitted: Item;
  ipcPublished: Item;
  ipcTrashedDraft: Item;
  ipcTrashedPublished: Item;
  demographieDraft: Item;
  /** Scheduled with `linkedRelease`. */
  linkedPublication: Item;
  newsDraft: Item;
  otherFile: string;
  ownFile: Record<ActorName, string>;
  /** A file each actor uploaded that the online IPC publication shows (renaming it changes that page). */
  ownUsedFile: Record<ActorName, string>;
  /** IPC_MATRIX (area ipc): one published version. */
  series: { code: string; version: number };
  /** IPC_PROG (area ipc): version 2 scheduled for 2030, approved. */
  scheduled: { code: string; number: number };
  /** IPC_REVUE (area ipc): version 2, written by `other`, submitted for review (self-approval off). */
  submittedVersion: { code: string; number: number };
  otherImport: string;
  ownImport: Record<ActorName, string>;
  /** TAB_MATRIX (area ipc): one published version. */
  table: { code: string; version: number };
  /** IPC_TRANCHE (area ipc): a slice of TAB_MATRIX (its ALIM row). */
  sliced: { code: string };
  /** TAB_REVUE (area ipc): version 2, written by `other`, submitted for review. */
  submittedTableVersion: { code: string; number: number };
  /** Staged imports of TAB_MATRIX cells: someone else's, and each actor's own. */
  otherTableImport: string;
  ownTableImport: Record<ActorName, string>;
  /** ENQ-IPC (area ipc): a draft survey with one licensed data file (lib/microdata). */
  survey: { slug: string; fileId: number };
  /** A DDI file of a new survey of area ipc, staged by `other`. */
  surveyImport: string;
  /** A confirmed release of area ipc in 2030, carrying nothing. */
  release: Item;
  /** Announced by a Rédacteur, not yet approved: off the public calendar. */
  preparedRelease: Item;
  /** A confirmed release of area ipc in 2030, carrying `linkedPublication`. */
  linkedRelease: Item;
  /** The secret of every actor's authenticator app, enrolment started but not confirmed (lib/auth/mfa). */
  totpSecret: string;
  /** A passkey of each actor's, and one of `target`'s (which an administrator can reset). */
  ownPasskey: Record<ActorName, string>;
};

export type FixtureDatabase = {
  fixtures: Fixtures;
  /** Puts every table back as the fixtures left it. */
  restore(): Promise<void>;
  /** Stable JSON of every table an entry point can write (rows ordered by their text). */
  snapshot(): Promise<string>;
};

/** Derived tables, kept up to date by the database's own triggers (migrations 0007, 0008): neither restored nor compared. */
const derived = new Set(['search_documents', 'search_words', 'search_generation', 'file_texts']);
/** Written by every request that reads a session (sliding expiry) or signs in: restored, not compared. */
const sessionTables = new Set(['sessions', 'login_attempts']);

const when = new Date('2030-05-01T08:00:00Z');
const later = new Date('2030-09-01T08:00:00Z');

/** A small PDF as an office's scanner might send it. */
const pdfBytes = (seed: string) => Buffer.from(`%PDF-1.7\n% ${seed}\n1 0 obj <<>> endobj\n%%EOF\n`, 'latin1');

export async function buildFixtures(database: Database, storage: StorageDriver): Promise<FixtureDatabase> {
  const { db } = database;
  const account = async (key: string, role: Role, areas: string[]) => {
    const [row] = await db
      .insert(users)
      .values({ email: `${key.toLowerCase()}@inss.example`, name: `Compte ${key}`, role, areas })
      .returning({ id: users.id, name: users.name, email: users.email });
    return row!;
  };

  const actors = {} as Fixtures['actors'];
  for (const name of actorNames) {
    const row = await account(name, actorAccess[name].role, actorAccess[name].areas);
    actors[name] = { ...row, token: await startSession(db, row.id, { ip: null, userAgent: null }) };
  }
  const other = await account('autre', 'publisher', []);
  const target = await account('cible', 'editor', []);
  const actorOf = (user: { id: string; name: string; email: string }) => ({ user, ip: null });

  // Content: drafts, online and trashed items of area ipc, one of demographie, a news draft.
  const item = async (values: Partial<typeof publications.$inferInsert> & { slug: string }): Promise<Item> => {
    const [row] = await db
      .insert(publications)
      .values({ area: 'ipc', title: `Publication ${values.slug}`, createdBy: other.id, updatedBy: other.id, ...values })
      .returning({ id: publications.id, version: publications.version });
    return row!;
  };
  const past = new Date('2026-01-15T08:00:00Z');
  const ipcDraft = await item({ slug: 'ipc-brouillon' });
  const ipcSubmitted = await item({ slug: 'ipc-soumis', review: 'submitted', editedBy: other.id });
  const ipcPublished = await item({ slug: 'ipc-en-ligne', status: 'published', publishedAt: past });
  const ipcTrashedDraft = await item({ slug: 'ipc-corbeille', deletedAt: past });
  const ipcTrashedPublished = await item({ slug: 'ipc-en-ligne-corbeille', status: 'published', publishedAt: past, deletedAt: past });
  const demographieDraft = await item({ area: 'demographie', slug: 'demographie-brouillon' });
  const linkedPublication = await item({ slug: 'ipc-avec-parution' });
  const [newsDraft] = await db
    .insert(news)
    .values({ slug: 'atelier', title: 'Atelier', excerpt: 'Un atelier.', createdBy: other.id })
    .returning({ id: news.id, version: news.version });

  // Files: one uploaded by someone else, one by each actor, stored for real.
  const file = async (uploadedBy: string, seed: string) => {
    const bytes = pdfBytes(seed);
    const storageKey = `2026/01/${seed}.pdf`;
    await storage.put(storageKey, Readable.from([bytes]), 'application/pdf');
    const [row] = await db
      .insert(files)
      .values({
        storageKey,
        name: `${seed}.pdf`,
        originalName: `${seed}.pdf`,
        mime: 'application/pdf',
        ext: 'pdf',
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        uploadedBy,
      })
      .returning({ id: files.id });
    return row!.id;
  };
  const otherFile = await file(other.id, 'rapport-autre');
  const ownFile = {} as Record<ActorName, string>;
  for (const name of actorNames) ownFile[name] = await file(actors[name].id, `rapport-${name.toLowerCase()}`);
  const ownUsedFile = {} as Record<ActorName, string>;
  for (const name of actorNames) {
    ownUsedFile[name] = await file(actors[name].id, `annexe-${name.toLowerCase()}`);
    await db.insert(publicationFiles).values({ publicationId: ipcPublished.id, fileId: ownUsedFile[name], label: `Annexe ${name}` });
  }

  // Series of area ipc: one with a published version, one with a version scheduled for 2030 (both
  // approved: written under self-approval, turned off again after), one with a version submitted for review.
  const meta = {
    unit: 'indice',
    basePeriod: 'base 100 = 2020',
    frequency: 'monthly',
    decimals: 1,
    seasonalAdjustment: 'none',
    source: 'Institut',
    methodology: '',
    area: 'ipc',
    headline: false,
    imfIndicator: null,
  } as const;
  const expectOk = <T extends { ok: boolean }>(result: T, what: string): T => {
    if (!result.ok) throw new Error(`Fixture ${what}: ${JSON.stringify(result)}`);
    return result;
  };
  expectOk(
    await createSeries(db, { meta: { ...meta, code: 'IPC_MATRIX', label: 'Indice des prix (matrice)' }, actor: actorOf(other) }),
    'IPC_MATRIX',
  );
  expectOk(
    await createSeries(db, { meta: { ...meta, code: 'IPC_PROG', label: 'Indice des prix (programmé)' }, actor: actorOf(other) }),
    'IPC_PROG',
  );
  expectOk(
    await createSeries(db, { meta: { ...meta, code: 'IPC_REVUE', label: 'Indice des prix (à relire)' }, actor: actorOf(other) }),
    'IPC_REVUE',
  );
  expectOk(
    await createSeries(db, { meta: { ...meta, code: 'IPC_TRANCHE', label: 'Indice des prix (tranche)' }, actor: actorOf(other) }),
    'IPC_TRANCHE',
  );
  await setSelfApproval(db, { allowed: true, user: null, actor: 'fixtures' });
  const value = (period: string, v: number) => ({ period, value: v, status: 'A' as const });
  expectOk(
    await publishVersions(db, {
      values: new Map([
        ['IPC_MATRIX', [value('2026-08-01', 100), value('2026-09-01', 101)]],
        ['IPC_PROG', [value('2026-08-01', 100)]],
        ['IPC_REVUE', [value('2026-08-01', 100)]],
      ]),
      kind: 'revision',
      reason: 'Première publication.',
      actor: actorOf(other),
      approver: true,
    }),
    'versions',
  );
  expectOk(
    await publishVersions(db, {
      values: new Map([['IPC_PROG', [value('2026-09-01', 102)]]]),
      publishAt: later,
      kind: 'revision',
      reason: '',
      actor: actorOf(other),
      approver: true,
    }),
    'scheduled version',
  );
  await setSelfApproval(db, { allowed: false, user: null, actor: 'fixtures' });
  expectOk(
    await publishVersions(db, {
      values: new Map([['IPC_REVUE', [value('2026-09-01', 101)]]]),
      kind: 'revision',
      reason: '',
      actor: actorOf(other),
      approver: true,
    }),
    'submitted version',
  );

  // Tables of area ipc: TAB_MATRIX published, TAB_REVUE with a version submitted for review; staged imports of TAB_MATRIX.
  const tableMeta = { area: 'ipc', description: '', source: '', method: '', notes: '' };
  expectOk(
    await createTable(db, { meta: { ...tableMeta, code: 'TAB_MATRIX', title: 'Prix par groupe (matrice)' }, actor: actorOf(other) }),
    'TAB_MATRIX',
  );
  expectOk(
    await createTable(db, { meta: { ...tableMeta, code: 'TAB_REVUE', title: 'Prix par groupe (à relire)' }, actor: actorOf(other) }),
    'TAB_REVUE',
  );
  const tableCsv = (n: number) => new TextEncoder().encode(`GROUPE;periode;valeur\r\nALIM;2026-09;${100 + n},5\r\nLOGT;2026-09;99\r\n`);
  const tableVersion = async (code: string, n: number, approver: boolean) => {
    const staged = expectOk(await stageTableImport(db, { code, filename: 'prix.csv', bytes: tableCsv(n), actor: actorOf(other) }), code);
    if (!staged.ok) throw new Error('unreachable');
    return writeTableVersion(db, {
      code,
      source: { stagedImportId: staged.value.id },
      kind: 'revision',
      reason: '',
      actor: actorOf(other),
      approver,
    });
  };
  await setSelfApproval(db, { allowed: true, user: null, actor: 'fixtures' });
  expectOk(await tableVersion('TAB_MATRIX', 0, true), 'TAB_MATRIX version');
  // IPC_TRANCHE follows TAB_MATRIX's ALIM row (lib/tables/slices.ts).
  expectOk(
    await defineSlice(db, {
      seriesCode: 'IPC_TRANCHE',
      tableCode: 'TAB_MATRIX',
      slice: { selection: { GROUPE: 'ALIM' }, measure: 'VALEUR' },
      actor: actorOf(other),
      approver: true,
    }),
    'IPC_TRANCHE slice',
  );
  expectOk(await tableVersion('TAB_REVUE', 0, true), 'TAB_REVUE version');
  await setSelfApproval(db, { allowed: false, user: null, actor: 'fixtures' });
  expectOk(await tableVersion('TAB_REVUE', 1, true), 'TAB_REVUE submitted version');
  const stagedTable = async (user: { id: string; name: string; email: string }, n: number) => {
    const staged = await stageTableImport(db, { code: 'TAB_MATRIX', filename: 'prix.csv', bytes: tableCsv(n), actor: actorOf(user) });
    if (!staged.ok) throw new Error(`Fixture table import: ${staged.error}`);
    return staged.value.id;
  };
  const otherTableImport = await stagedTable(other, 9);
  const surveyStudy = { ...emptyStudy(), title: 'Enquête sur les prix', idno: 'ENQ-IPC' };
  surveyStudy.files = [{ id: 'F1', name: 'prix.dta', contents: '', records: 10, variables: 1, format: 'Stata' }];
  expectOk(
    await writeSurveyVersion(db, {
      target: { slug: 'enquete-ipc', area: 'ipc', dataKind: 'enquete' },
      codebook: { study: surveyStudy, variables: [] },
      source: 'demo',
      report: [],
      actor: actorOf(other),
    }),
    'enquete-ipc survey',
  );
  const surveyFileId = (await findSurvey(db, 'enquete-ipc'))!.files[0]!.id;
  const stagedSurvey = await prepareSurveyImport(db, {
    bytes: Buffer.from(
      '<codeBook xmlns="ddi:codebook:2_5"><stdyDscr><citation><titlStmt><titl>Enquête importée</titl><IDNo>ENQ-NOUVELLE</IDNo></titlStmt></citation></stdyDscr></codeBook>',
    ),
    fileName: 'enquete.xml',
    surveyId: null,
    area: 'ipc',
    actor: actorOf(other),
  });
  if (!stagedSurvey.ok) throw new Error(`Fixture survey import: ${stagedSurvey.error}`);
  const ownTableImport = {} as Record<ActorName, string>;
  for (const [i, name] of actorNames.entries()) ownTableImport[name] = await stagedTable(actors[name], i + 1);

  // Staged imports of IPC_MATRIX values: someone else's, and each actor's own.
  const csv = (n: number) => new TextEncoder().encode(`code;période;valeur;statut\r\nIPC_MATRIX;2026-10;${100 + n},5;P\r\n`);
  const { id: otherImport } = await stageImport(db, { filename: 'valeurs-autre.csv', bytes: csv(9), actor: actorOf(other) });
  const ownImport = {} as Record<ActorName, string>;
  for (const [i, name] of actorNames.entries())
    ownImport[name] = (await stageImport(db, { filename: `valeurs-${name}.csv`, bytes: csv(i), actor: actorOf(actors[name]) })).id;

  // The calendar: two confirmed releases of area ipc, the second carrying a publication.
  const release = expectOk(
    await createRelease(db, {
      input: { title: 'Indice des prix de mai', area: 'ipc', scheduledAt: when, provisionalLabel: null, contact: '' },
      actor: actorOf(other),
    }),
    'release',
  );
  const linked = expectOk(
    await createRelease(db, {
      input: { title: 'Indice des prix de juin', area: 'ipc', scheduledAt: later, provisionalLabel: null, contact: '' },
      actor: actorOf(other),
    }),
    'linked release',
  );
  // Prepared by a Rédacteur: off the public calendar until approved, its area's writers may still change it.
  const prepared = expectOk(
    await createRelease(db, {
      input: { title: 'Indice des prix de juillet', area: 'ipc', scheduledAt: later, provisionalLabel: null, contact: '' },
      actor: actorOf(other),
      publicAtOnce: false,
    }),
    'prepared release',
  );
  if (!release.ok || !linked.ok || !prepared.ok) throw new Error('unreachable');
  expectOk(await linkPublication(db, { releaseId: linked.id, publicationId: linkedPublication.id, actor: actorOf(other) }), 'link');

  // The institute's identity and its public pages, each at version 1.
  await db.insert(siteIdentity).values({ id: 1, name: 'Institut national de la statistique', acronym: 'INS', country: 'Niger' });
  await db
    .insert(pages)
    .values(['mission', 'accessibilite', 'mot_du_dg', 'intro:ipc'].map((key) => ({ key, title: key, body: `<p>Texte de ${key}.</p>` })));

  // One confirmed subscriber to the alerts: what an administrator exports or deletes on request.
  await db.insert(alertSubscribers).values({ email: 'abonne@example.org', areas: ['ipc'], confirmedAt: when });

  // Second factors (issue 40): every actor has started enrolling an app; every actor and `target` have a passkey.
  const totpSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  const ownPasskey = {} as Fixtures['ownPasskey'];
  for (const name of actorNames) {
    await db.insert(userTotp).values({ userId: actors[name].id, secretEnc: sealSecret(totpSecret) });
    const [key] = await db
      .insert(passkeys)
      .values({ userId: actors[name].id, credentialId: `cle-${name}`, publicKey: 'cle', name: `Clé de ${name}` })
      .returning({ id: passkeys.id });
    ownPasskey[name] = key!.id;
  }
  await db.insert(passkeys).values({ userId: target.id, credentialId: 'cle-cible', publicKey: 'cle', name: 'Clé de la cible' });

  const fixtures: Fixtures = {
    actors,
    other: { id: other.id },
    target: { id: target.id },
    ipcDraft,
    ipcSubmitted,
    ipcPublished,
    ipcTrashedDraft,
    ipcTrashedPublished,
    demographieDraft,
    linkedPublication: { id: linkedPublication.id, version: linkedPublication.version + 1 },
    newsDraft: newsDraft!,
    otherFile,
    ownFile,
    ownUsedFile,
    series: { code: 'IPC_MATRIX', version: 1 },
    scheduled: { code: 'IPC_PROG', number: 2 },
    submittedVersion: { code: 'IPC_REVUE', number: 2 },
    otherImport,
    ownImport,
    table: { code: 'TAB_MATRIX', version: 1 },
    sliced: { code: 'IPC_TRANCHE' },
    submittedTableVersion: { code: 'TAB_REVUE', number: 2 },
    otherTableImport,
    ownTableImport,
    survey: { slug: 'enquete-ipc', fileId: surveyFileId },
    surveyImport: stagedSurvey.id,
    release: { id: release.id, version: 1 },
    preparedRelease: { id: prepared.id, version: 1 },
    linkedRelease: { id: linked.id, version: 1 },
    totpSecret,
    ownPasskey,
  };
  return { fixtures, ...(await keeper(database)) };
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Captures every table now, and returns how to put them back and how to compare them. */
async function keeper(database: Database): Promise<Pick<FixtureDatabase, 'restore' | 'snapshot'>> {
  const { db } = database;
  const tables = (
    await queryRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  )
    .map((r) => r.name)
    .filter((name) => !name.startsWith('__'));
  const edges = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select (select relname from pg_class where oid = c.conrelid) as child, (select relname from pg_class where oid = c.confrelid) as parent
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace where c.contype = 'f' and n.nspname = 'public'`,
  );
  // Parents before children, so every row's references exist when it is inserted.
  const kept = tables.filter((t) => !derived.has(t));
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table)) return;
    if (path.includes(table)) throw new Error(`Foreign key cycle: ${[...path, table].join(' → ')}`);
    for (const e of edges) if (e.child === table && e.parent !== table && kept.includes(e.parent)) visit(e.parent, [...path, table]);
    ordered.push(table);
  };
  for (const t of kept) visit(t, []);

  const rowsOf = async (table: string) =>
    (
      await queryRows<{ rows: string }>(
        db,
        sql.raw(`select coalesce(json_agg(to_jsonb(t)), '[]'::json)::text as rows from ${quote(table)} t`),
      )
    )[0]!.rows;
  const sequences = await queryRows<{ name: string; last: string | null }>(
    db,
    sql`select sequencename as name, last_value::text as last from pg_sequences where schemaname = 'public'`,
  );
  const tag = `$fx${Date.now()}$`;
  const statements = [
    `truncate table ${tables
      .filter((t) => t !== 'search_generation')
      .map(quote)
      .join(', ')} restart identity cascade;`,
  ];
  for (const table of ordered) {
    const rows = await rowsOf(table);
    if (rows.includes(tag)) throw new Error('The dollar-quote tag occurs in the data');
    if (rows !== '[]')
      statements.push(`insert into ${quote(table)} select * from json_populate_recordset(null::${quote(table)}, ${tag}${rows}${tag});`);
  }
  for (const s of sequences)
    statements.push(
      s.last === null ? `select setval('${quote(s.name)}', 1, false);` : `select setval('${quote(s.name)}', ${Number(s.last)}, true);`,
    );
  const restoreSql = statements.join('\n');

  const compared = tables.filter((t) => !derived.has(t) && !sessionTables.has(t));
  if (compared.length > 50) throw new Error('Too many tables for one json_build_object (100 arguments at most): split the query.');
  const snapshotSql = sql.raw(
    `select json_build_object(${compared
      .map((t) => `'${t}', (select coalesce(json_agg(x order by x::text), '[]'::json) from (select to_jsonb(t) as x from ${quote(t)} t) s)`)
      .join(', ')})::text as snapshot`,
  );
  return {
    restore: () => database.exec(restoreSql),
    snapshot: async () => (await queryRows<{ snapshot: string }>(db, snapshotSql))[0]!.snapshot,
  };
}
