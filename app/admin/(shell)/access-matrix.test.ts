/**
 * The access matrix: every entry point of the back-office that writes or reads (server actions,
 * admin route handlers, the file and user APIs) × every kind of account, against real databases.
 *
 * 1. Completeness: the server-action modules under app/admin and the route files of the admin,
 *    file and user APIs are found by walking the file system, imported, and every exported
 *    function must carry its access rule (`access`, added by adminAction / adminFormAction /
 *    adminRoute) — or be one of the explained exemptions below — and have its row in the matrix.
 *    A new action or handler without a rule, or without a row, fails here with its name.
 * 2. The matrix: each cell starts from the same fresh fixtures (restored between cells), calls the
 *    entry point with a valid input as that account, and checks the outcome the rules of
 *    lib/admin/access.ts promise: allowed (ok, 2xx or a redirect, and something was written) or
 *    refused with the French message naming the missing role or area — and then nothing changed:
 *    no table, no stored file, no cache tag expired.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActionResult } from '@/lib/admin/action';
import { generateSync } from 'otplib';
import { createEmbeddedAdapter } from '@/lib/auth/embedded';
import { needs } from '@/lib/admin/access';
import { setMfaPolicy } from '@/lib/auth/mfa/policy';
import { passkeys, userTotp } from '@/lib/auth/mfa/schema';
import { softAuthenticator } from '@/testing/webauthn';
import { roleLabels } from '@/lib/auth/roles';
import { env } from '@/lib/env';
import { createLocalStorage } from '@/lib/storage/local';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { actorAccess, actorNames, buildFixtures, type ActorName, type FixtureDatabase, type Fixtures } from './access-matrix.fixtures';

const incoming = vi.hoisted(() => {
  // Uploads are received under DATA_DIR/tmp: a folder of this run, removed at the end.
  const root = `${process.env.TMPDIR ?? '/tmp'}/insstat-access-matrix-${process.pid}-${Date.now()}`;
  process.env.DATA_DIR = root;
  return { root, headers: new Headers(), cookies: [] as { name: string; value: string }[], expired: [] as string[] };
});

vi.mock('next/headers', () => ({
  headers: async () => incoming.headers,
  cookies: async () => ({
    getAll: () => incoming.cookies,
    get: (name: string) => incoming.cookies.find((c) => c.name === name),
    set: () => {},
  }),
}));
vi.mock('next/cache', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/cache')>()),
  revalidateTag: (tag: string) => {
    incoming.expired.push(tag);
  },
}));
// An upload's text is read in the background on the process's database: not part of these calls.
vi.mock('@/lib/search/background', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/search/background')>()),
  queueExtraction: async () => {},
}));

// ─── 1. The entry points, found on disk ────────────────────────────────────────────────────

const root = path.resolve(import.meta.dirname, '../../..');
const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
const walk = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));

/** A module-level directive: only comments and blank lines before it. */
const useServerModule = /^(?:\s+|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*['"]use server['"]/;
const useServerAnywhere = /['"]use server['"]/;

const adminSources = walk(path.join(root, 'app/admin')).filter((f) => /\.[cm]?[jt]sx?$/.test(f) && !/\.test\.[jt]sx?$/.test(f));
const serverActionFiles = adminSources.filter((f) => useServerModule.test(fs.readFileSync(f, 'utf8')));
/** `'use server'` inside a function (a page's inline action): it would escape this test, so it is refused. */
const inlineServerActions = adminSources
  .filter((f) => !serverActionFiles.includes(f) && useServerAnywhere.test(fs.readFileSync(f, 'utf8')))
  .map(relative);
const routeFiles = [
  ...walk(path.join(root, 'app/api/admin')),
  ...walk(path.join(root, 'app/api/files')),
  path.join(root, 'app/api/user/route.ts'),
  path.join(root, 'app/api/users/route.ts'),
].filter((f) => /(^|\/)route\.[jt]sx?$/.test(f));

/** `content-actions#saveItemAction`, `series/actions#createSeriesAction`; `POST /api/files/[id]` for a route handler. */
function entryKey(file: string, name: string): string {
  const rel = relative(file);
  const route = rel.match(/^app\/(api\/.*)\/route\.[jt]sx?$/);
  return route ? `${name} /${route[1]}` : `${rel.replace(/^app\/admin\/\(shell\)\//, '').replace(/\.[jt]sx?$/, '')}#${name}`;
}

type Entry = { key: string; file: string; fn: (...args: never[]) => unknown };
const entries = new Map<string, Entry>();
for (const file of [...serverActionFiles, ...routeFiles]) {
  const mod = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(mod)) {
    // Route files may also export settings (`dynamic`…); a server-action module exports only functions.
    if (typeof value === 'function')
      entries.set(entryKey(file, name), { key: entryKey(file, name), file: relative(file), fn: value as Entry['fn'] });
  }
}

/**
 * Entry points without an `access` property, and why. Each still has its rows in the matrix.
 * Add one here only with the reason it needs no rule of lib/admin/access.ts.
 */
const exemptions: Record<string, string> = {
  // Ending one's own session needs no session (an expired one must still clear its cookie) and touches no one else's data.
  'actions#signOutAction': 'ends one’s own session',
  // The user API is built by createUserApi (lib/auth/api.ts, bound in lib/admin/user-api.ts), not by adminRoute:
  // creating an account asks authorizeAccountCreation (administrators only: the matrix's POST /api/user row checks it);
  'POST /api/user': 'createUserApi + authorizeAccountCreation',
  // one's own profile and the accounts list are any connected user's.
  'PATCH /api/user': 'createUserApi: one’s own profile',
  // listing the accounts asks authorizeAccountList (administrators only: the matrix's GET /api/users row checks it).
  'GET /api/users': 'createUserApi + authorizeAccountList',
};

// ─── 2. The matrix ─────────────────────────────────────────────────────────────────────────

type Observed =
  | { kind: 'action'; result: ActionResult<unknown> }
  | { kind: 'redirect'; to: string }
  | { kind: 'http'; status: number; body: unknown }
  | { kind: 'error'; error: unknown };

type Cell = { fn: Entry['fn']; fx: Fixtures; actor: ActorName };
type Run = (cell: Cell) => Promise<Observed>;

/** Next's redirect() on success travels as an error (`unstable_rethrow` lets it through the wrapper). */
async function settle(call: () => Promise<unknown>): Promise<Observed> {
  try {
    const value = await call();
    if (value instanceof Response) return { kind: 'http', status: value.status, body: await value.json().catch(() => null) };
    return { kind: 'action', result: value as ActionResult<unknown> };
  } catch (error) {
    const digest = (error as { digest?: unknown } | null)?.digest;
    if (typeof digest === 'string' && digest.startsWith('NEXT_REDIRECT')) return { kind: 'redirect', to: digest.split(';')[2] ?? '' };
    return { kind: 'error', error };
  }
}

const toForm = (values: Record<string, string | string[]>) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
  return form;
};
/** An `adminAction`: `(input)`. */
const action = (fn: Entry['fn'], input: unknown) => settle(() => (fn as unknown as (input: unknown) => Promise<unknown>)(input));
/** An `adminFormAction`: `(previous, formData)`, as useActionState calls it. */
const formAction = (fn: Entry['fn'], values: Record<string, string | string[]>) =>
  settle(() => (fn as unknown as (previous: null, form: FormData) => Promise<unknown>)(null, toForm(values)));

const ORIGIN = new URL(env.SITE_URL).origin;
const entryFn = (key: string) => entries.get(key)!.fn;
/** One's own second factors: the entry points an account the policy asks to enrol may use (`needs.secure`). */
const isEnrolment = (key: string) => (entries.get(key)?.fn as { access?: unknown } | undefined)?.access === needs.secure;
/** The actors' authenticator app's code, `steps` periods of 30 s from now. */
const totpCode = (fx: Fixtures, steps: number) =>
  generateSync({ secret: fx.totpSecret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
/** Confirms the actor's app first (with the code of the previous period), then runs `next` with its recovery codes. */
async function afterConfirming(cell: Cell, next: (codes: string[]) => Promise<Observed>): Promise<Observed> {
  const confirmed = await formAction(entryFn('users/security-actions#confirmTotpAction'), { code: totpCode(cell.fx, -1) });
  if (confirmed.kind !== 'action' || !confirmed.result.ok) return confirmed;
  return next(confirmed.result.data as string[]);
}
/** A route handler called as the browser would: session cookie, same Origin on writes. */
function route(
  cell: Cell,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { params?: Record<string, string>; json?: unknown; form?: FormData } = {},
): Promise<Observed> {
  const headers = new Headers({ host: new URL(ORIGIN).host, cookie: `${env.SESSION_COOKIE_NAME}=${cell.fx.actors[cell.actor].token}` });
  if (method !== 'GET') headers.set('origin', ORIGIN);
  let body: BodyInit | null = null;
  if (options.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.json);
  } else if (options.form) body = options.form;
  const request = new Request(`${ORIGIN}${url}`, { method, headers, body, duplex: 'half' } as RequestInit);
  const handler = cell.fn as unknown as (request: Request, segment?: { params: Promise<Record<string, string>> }) => Promise<Response>;
  return settle(() => handler(request, options.params ? { params: Promise.resolve(options.params) } : undefined));
}

const future = '2030-03-01T09:00';
const csvFile = (text: string) => {
  const form = new FormData();
  form.set('file', new Blob([text], { type: 'text/csv' }), 'valeurs.csv');
  return form;
};
const pdfUpload = () => {
  const form = new FormData();
  form.set('file', new Blob([Buffer.from('%PDF-1.7\n% nouveau\n1 0 obj <<>> endobj\n%%EOF\n', 'latin1')]), 'note.pdf');
  return form;
};
const seriesForm = {
  unit: 'indice',
  basePeriod: 'base 100 = 2020',
  frequency: 'monthly',
  decimals: '1',
  seasonalAdjustment: 'none',
  source: 'Institut',
  area: 'ipc',
};
const bulk =
  (ids: (fx: Fixtures) => number[], what: 'publish' | 'unpublish' | 'trash' | 'restore'): Run =>
  (c) =>
    route(c, 'POST', '/api/admin/publications/bulk', { params: { kind: 'publications' }, json: { action: what, ids: ids(c.fx) } });

/** How each case calls its entry point, with a valid input on the fixtures. */
const runs = {
  // Content (generic edit screen and lists)
  'create an IPC publication': ({ fn }) => action(fn, { area: 'ipc', values: { title: 'Indice des prix de mars' } }),
  'create a news item': ({ fn }) => action(fn, { area: 'news', values: { title: 'Atelier régional', excerpt: 'Un atelier.' } }),
  'create a Démographie publication': ({ fn }) => action(fn, { area: 'demographie', values: { title: 'Population au 1er janvier' } }),
  'save an IPC draft': ({ fn, fx }) =>
    action(fn, { area: 'ipc', id: fx.ipcDraft.id, version: fx.ipcDraft.version, values: { title: 'Brouillon revu' } }),
  'save a news draft': ({ fn, fx }) =>
    action(fn, {
      area: 'news',
      id: fx.newsDraft.id,
      version: fx.newsDraft.version,
      values: { title: 'Atelier revu', excerpt: 'Un atelier.' },
    }),
  'save an online IPC publication': ({ fn, fx }) =>
    action(fn, { area: 'ipc', id: fx.ipcPublished.id, version: fx.ipcPublished.version, values: { title: 'En ligne revue' } }),
  'publish an IPC draft': ({ fn, fx }) => action(fn, { area: 'ipc', ...fx.ipcDraft, action: 'publish' }),
  'schedule an IPC draft': ({ fn, fx }) => action(fn, { area: 'ipc', ...fx.ipcDraft, action: 'schedule', at: future }),
  'withdraw an online IPC publication': ({ fn, fx }) => action(fn, { area: 'ipc', ...fx.ipcPublished, action: 'unpublish' }),
  'turn self-approval on': ({ fn }) => formAction(fn, { selfApproval: 'on' }),
  'trash an IPC draft': ({ fn, fx }) => action(fn, { area: 'ipc', ...fx.ipcDraft, action: 'trash' }),
  'submit an IPC draft for review': ({ fn, fx }) => action(fn, { area: 'ipc', ...fx.ipcDraft, action: 'submit' }),
  'approve a submitted IPC draft': ({ fn, fx }) => action(fn, { area: 'ipc', ...fx.ipcSubmitted, action: 'approve' }),
  'send a submitted IPC draft back': ({ fn, fx }) => action(fn, { area: 'ipc', ...fx.ipcSubmitted, action: 'return', note: 'À revoir.' }),
  'trash an online IPC publication': ({ fn, fx }) => action(fn, { area: 'ipc', ...fx.ipcPublished, action: 'trash' }),
  'restore a trashed IPC draft': ({ fn, fx }) => action(fn, { area: 'ipc', ...fx.ipcTrashedDraft, action: 'restore' }),
  'restore a trashed online IPC publication': ({ fn, fx }) => action(fn, { area: 'ipc', ...fx.ipcTrashedPublished, action: 'restore' }),
  'delete a trashed IPC draft for good': ({ fn, fx }) => action(fn, { area: 'ipc', ...fx.ipcTrashedDraft, action: 'delete' }),
  'list IPC publications': (c) => route(c, 'GET', '/api/admin/publications?area=ipc', { params: { kind: 'publications' } }),
  'bulk: publish IPC drafts': bulk((fx) => [fx.ipcDraft.id], 'publish'),
  'bulk: withdraw an online IPC publication': bulk((fx) => [fx.ipcPublished.id], 'unpublish'),
  'bulk: trash IPC drafts': bulk((fx) => [fx.ipcDraft.id], 'trash'),
  'bulk: trash an online IPC publication': bulk((fx) => [fx.ipcPublished.id], 'trash'),
  'bulk: trash drafts of IPC and Démographie': bulk((fx) => [fx.ipcDraft.id, fx.demographieDraft.id], 'trash'),
  'bulk: restore a trashed IPC draft': bulk((fx) => [fx.ipcTrashedDraft.id], 'restore'),
  // Series
  'create an IPC series': ({ fn }) => formAction(fn, { ...seriesForm, code: 'IPC_NOUVEAU', label: 'Nouvel indice' }),
  'describe the IPC series': ({ fn, fx }) =>
    formAction(fn, {
      ...seriesForm,
      code: fx.series.code,
      label: 'Indice des prix (revu)',
      current: fx.series.code,
      version: String(fx.series.version),
    }),
  'prepare IPC values (a Rédacteur’s version is submitted for review)': ({ fn, fx }) =>
    formAction(fn, {
      code: fx.series.code,
      when: 'now',
      kind: 'revision',
      reason: '',
      'value:2026-12-01': '103,2',
      'status:2026-12-01': 'A',
    }),
  'prepare a version from someone else’s staged import': ({ fn, fx }) =>
    formAction(fn, { id: fx.otherImport, when: 'now', kind: 'revision', reason: '' }),
  'cancel one’s own staged import': ({ fn, fx, actor }) => formAction(fn, { id: fx.ownImport[actor] }),
  'cancel someone else’s staged import': ({ fn, fx }) => formAction(fn, { id: fx.otherImport }),
  'cancel a scheduled IPC version': ({ fn, fx }) => formAction(fn, { code: fx.scheduled.code, number: String(fx.scheduled.number) }),
  'cancel an IPC version waiting for review': ({ fn, fx }) =>
    formAction(fn, { code: fx.submittedVersion.code, number: String(fx.submittedVersion.number) }),
  'make the IPC series a slice of the IPC table': ({ fn, fx }) =>
    formAction(fn, { code: fx.series.code, table: fx.table.code, 'dim:GROUPE': 'ALIM', measure: 'VALEUR' }),
  'detach the IPC slice series from its table': ({ fn, fx }) => formAction(fn, { code: fx.sliced.code }),
  'approve a submitted IPC version': ({ fn, fx }) =>
    formAction(fn, { code: fx.submittedVersion.code, number: String(fx.submittedVersion.number) }),
  'send a submitted IPC version back': ({ fn, fx }) =>
    formAction(fn, {
      code: fx.submittedVersion.code,
      number: String(fx.submittedVersion.number),
      note: 'La valeur de septembre est à vérifier.',
    }),
  'stage an import of IPC values': (c) =>
    route(c, 'POST', '/api/admin/series/import', {
      form: csvFile(`code;période;valeur;statut\r\n${c.fx.series.code};2026-11;104,1;P\r\n`),
    }),
  // Tables
  'create an IPC table': ({ fn }) => formAction(fn, { code: 'TAB_NOUVEAU', title: 'Prix par ville', area: 'ipc' }),
  'describe the online IPC table': ({ fn, fx }) =>
    formAction(fn, {
      code: fx.table.code,
      title: 'Prix par groupe (revu)',
      area: 'ipc',
      current: fx.table.code,
      version: String(fx.table.version),
    }),
  'prepare a table version from someone else’s staged import': ({ fn, fx }) =>
    formAction(fn, { id: fx.otherTableImport, when: 'now', kind: 'revision', reason: '' }),
  'cancel one’s own staged table import': ({ fn, fx, actor }) => formAction(fn, { id: fx.ownTableImport[actor] }),
  'cancel someone else’s staged table import': ({ fn, fx }) => formAction(fn, { id: fx.otherTableImport }),
  'approve a submitted IPC table version': ({ fn, fx }) =>
    formAction(fn, { code: fx.submittedTableVersion.code, number: String(fx.submittedTableVersion.number), step: 'approve' }),
  'cancel an IPC table version waiting for review': ({ fn, fx }) =>
    formAction(fn, { code: fx.submittedTableVersion.code, number: String(fx.submittedTableVersion.number), step: 'cancel' }),
  'stage an import of IPC table cells': (c) =>
    route(c, 'POST', `/api/admin/tables/${c.fx.table.code}/import`, {
      params: { code: c.fx.table.code },
      form: csvFile('GROUPE;periode;valeur\r\nALIM;2026-10;104,1\r\n'),
    }),
  'upload the boundaries of a level': (c) => {
    const form = new FormData();
    const square = [
      [
        [0, 10],
        [0, 11],
        [1, 11],
        [1, 10],
        [0, 10],
      ],
    ];
    const geojson = {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: { code: 'Z1' }, geometry: { type: 'Polygon', coordinates: square } }],
    };
    form.set('file', new Blob([JSON.stringify(geojson)], { type: 'application/geo+json' }), 'zones.geojson');
    form.set('nameFr', 'Zones');
    form.set('nameEn', 'Zones');
    form.set('dimension', 'ZONE');
    return route(c, 'POST', '/api/admin/geo/zones', { params: { level: 'zones' }, form });
  },
  // Microdata
  'stage a DDI import of a new IPC survey': (c) => {
    const form = new FormData();
    const ddi =
      '<codeBook xmlns="ddi:codebook:2_5"><stdyDscr><citation><titlStmt><titl>Enquête</titl></titlStmt></citation></stdyDscr></codeBook>';
    form.set('file', new Blob([ddi], { type: 'application/xml' }), 'enquete.xml');
    return route(c, 'POST', '/api/admin/microdonnees/import/ipc', { params: { area: 'ipc' }, form });
  },
  'confirm someone else’s staged DDI import of an IPC survey': ({ fn, fx }) =>
    formAction(fn, { id: fx.surveyImport, slug: 'enquete-nouvelle', dataKind: 'enquete' }),
  'cancel someone else’s staged DDI import of an IPC survey': ({ fn, fx }) => formAction(fn, { id: fx.surveyImport }),
  'put an IPC survey online': ({ fn, fx }) => formAction(fn, { slug: fx.survey.slug, online: 'on' }),
  'change the access tier of an IPC survey’s file': ({ fn, fx }) =>
    formAction(fn, {
      slug: fx.survey.slug,
      fileId: String(fx.survey.fileId),
      access: 'public-use',
      conditions: 'Conditions.',
      conditionsEn: '',
    }),
  // Calendar
  'announce an IPC release': ({ fn }) =>
    formAction(fn, { title: 'Indice des prix de juillet', area: 'ipc', scheduledAt: '2030-07-15T10:00', contact: '' }),
  'confirm an IPC release a Rédacteur prepared': ({ fn, fx }) =>
    formAction(fn, { id: String(fx.preparedRelease.id), version: String(fx.preparedRelease.version), scheduledAt: '2030-05-02T10:00' }),
  'confirm an IPC release': ({ fn, fx }) =>
    formAction(fn, { id: String(fx.release.id), version: String(fx.release.version), scheduledAt: '2030-05-02T10:00' }),
  'postpone an IPC release': ({ fn, fx }) =>
    formAction(fn, {
      id: String(fx.release.id),
      version: String(fx.release.version),
      scheduledAt: '2030-06-02T10:00',
      reason: 'Données en retard.',
    }),
  'cancel an IPC release': ({ fn, fx }) =>
    formAction(fn, { id: String(fx.release.id), version: String(fx.release.version), notice: 'Parution annulée faute de données.' }),
  'submit an IPC release for review': ({ fn, fx }) =>
    formAction(fn, { id: String(fx.release.id), version: String(fx.release.version), step: 'submit' }),
  'approve an IPC release as a whole': ({ fn, fx }) =>
    formAction(fn, { id: String(fx.release.id), version: String(fx.release.version), step: 'approve' }),
  'translate an IPC release': ({ fn, fx }) =>
    formAction(fn, { id: String(fx.release.id), version: String(fx.release.version), 'en.title': 'Consumer price index for May' }),
  'link an IPC draft to an IPC release': ({ fn, fx }) =>
    formAction(fn, { releaseId: String(fx.release.id), publicationId: String(fx.ipcDraft.id) }),
  'unlink a publication from its IPC release': ({ fn, fx }) =>
    formAction(fn, { releaseId: String(fx.linkedRelease.id), publicationId: String(fx.linkedPublication.id) }),
  // Institutional texts
  'change the institute’s identity': ({ fn }) =>
    formAction(fn, { name: 'Institut national de la statistique du Niger', acronym: 'INS', country: 'Niger', version: '1' }),
  'save the missions page': ({ fn }) =>
    formAction(fn, { title: 'Missions', body: '<p>Les missions de l’institut, revues.</p>', version: '1' }),
  'save the accessibility statement': ({ fn }) =>
    formAction(fn, { title: 'Accessibilité', body: '<p>Déclaration revue.</p>', version: '1' }),
  'save the director’s word': ({ fn }) => formAction(fn, { title: 'Mot du Directeur général', body: '<p>Le mot revu.</p>', version: '1' }),
  'save the IPC introduction': ({ fn }) => formAction(fn, { area: 'ipc', body: '<p>Introduction revue.</p>', version: '1' }),
  // Accounts
  'create an account': ({ fn }) =>
    formAction(fn, { email: 'nouveau@inss.example', name: 'Nouveau compte', password: 'une longue phrase de passe' }),
  'deactivate an account': ({ fn, fx }) => action(fn, { userId: fx.target.id, active: false }),
  'give an account a role and areas': ({ fn, fx }) => formAction(fn, { userId: fx.target.id, role: 'editor', areas: ['ipc', 'news'] }),
  'rename oneself': ({ fn }) => formAction(fn, { name: 'Nom changé' }),
  'send oneself an alerts test message': ({ fn }) => formAction(fn, {}),
  'export a subscriber’s data': ({ fn }) => formAction(fn, { email: 'abonne@example.org' }),
  'delete a subscriber': ({ fn }) => formAction(fn, { email: 'Abonne@example.org' }),
  'sign out': ({ fn }) => settle(() => (fn as unknown as () => Promise<unknown>)()),
  'POST /api/user: create an account': (c) =>
    route(c, 'POST', '/api/user', {
      json: { user: { email: 'api@inss.example', name: 'Compte API', password: 'une longue phrase de passe' } },
    }),
  'PATCH /api/user: rename oneself': (c) => route(c, 'PATCH', '/api/user', { json: { user: { name: 'Nom changé' } } }),
  'GET /api/users: list the accounts': (c) => route(c, 'GET', '/api/users'),
  // File library
  'list the files': (c) => route(c, 'GET', '/api/files'),
  'upload a file': (c) => route(c, 'POST', '/api/files', { form: pdfUpload() }),
  'read someone else’s file': (c) => route(c, 'GET', `/api/files/${c.fx.otherFile}`, { params: { id: c.fx.otherFile } }),
  'rename someone else’s file': (c) =>
    route(c, 'PATCH', `/api/files/${c.fx.otherFile}`, { params: { id: c.fx.otherFile }, json: { name: 'rapport renommé' } }),
  'rename one’s own file used by an online publication': (c) =>
    route(c, 'PATCH', `/api/files/${c.fx.ownUsedFile[c.actor]}`, {
      params: { id: c.fx.ownUsedFile[c.actor] },
      json: { name: 'annexe renommée' },
    }),
  'rename one’s own file': (c) =>
    route(c, 'PATCH', `/api/files/${c.fx.ownFile[c.actor]}`, {
      params: { id: c.fx.ownFile[c.actor] },
      json: { name: 'mon rapport renommé' },
    }),
  'delete someone else’s file': (c) => route(c, 'DELETE', `/api/files/${c.fx.otherFile}`, { params: { id: c.fx.otherFile } }),
  // Second factors (issue 40): one's own for everyone (even an account the policy asks to enrol), the policy and a reset for administrators.
  'start enrolling an authenticator app': ({ fn }) => action(fn, {}),
  'confirm one’s authenticator app': ({ fn, fx }) => formAction(fn, { code: totpCode(fx, 0) }),
  'turn one’s authenticator app off with a recovery code': (c) => afterConfirming(c, (codes) => formAction(c.fn, { code: codes[0]! })),
  'make new recovery codes': (c) => afterConfirming(c, () => formAction(c.fn, { code: totpCode(c.fx, 0) })),
  'start registering a passkey': ({ fn }) => action(fn, {}),
  'register a passkey': async ({ fn, actor }) => {
    const begun = await action(entryFn('users/security-actions#beginPasskeyAction'), {});
    if (begun.kind !== 'action' || !begun.result.ok) return begun;
    const { options, token } = begun.result.data as { options: { challenge: string; rp: { id: string } }; token: string };
    const response = softAuthenticator().register(options.challenge, ORIGIN, options.rp.id);
    return action(fn, { token, name: `Clé neuve de ${actor}`, response });
  },
  'remove one’s passkey': ({ fn, fx, actor }) => action(fn, { id: fx.ownPasskey[actor] }),
  'reset another account’s second factor': ({ fn, fx }) => action(fn, { userId: fx.target.id }),
  'require a second factor of publishers': ({ fn }) => formAction(fn, { policy: 'publishers' }),
} satisfies Record<string, Run>;
type Case = keyof typeof runs;

/** Cases that write nothing the snapshot holds (reads; signing out only revokes one's session). */
const readOnly = new Set<Case>([
  'list IPC publications',
  'GET /api/users: list the accounts',
  'list the files',
  'read someone else’s file',
  'sign out',
]);

const A = 'allow' as const;
const D = 'deny' as const;
type Outcome = typeof A | typeof D;

/**
 * What each account may do, as the rules declared in the code promise (lib/admin/access.ts):
 * Rédacteur: drafts, trash and restore of drafts in their areas, uploads, staging an import, reads;
 * Responsable de publication: everything but the identity and the accounts; Administrateur: everything.
 * Editor columns: « in » holds ipc and news, « out » holds demographie, « none » holds no area.
 */
const matrix: [
  entry: string,
  scenario: Case,
  admin: Outcome,
  publisher: Outcome,
  editorIn: Outcome,
  editorOut: Outcome,
  editorNone: Outcome,
][] = [
  //  entry point                                    case                                                 admin publ. ed.in ed.out ed.none
  ['content-actions#saveItemAction', 'create an IPC publication', A, A, A, D, D],
  ['content-actions#saveItemAction', 'create a news item', A, A, A, D, D],
  ['content-actions#saveItemAction', 'create a Démographie publication', A, A, D, A, D],
  ['content-actions#saveItemAction', 'save an IPC draft', A, A, A, D, D],
  ['content-actions#saveItemAction', 'save a news draft', A, A, A, D, D],
  ['content-actions#saveItemAction', 'save an online IPC publication', A, A, D, D, D],
  ['content-actions#changeItemAction', 'publish an IPC draft', A, A, D, D, D],
  ['content-actions#changeItemAction', 'schedule an IPC draft', A, A, D, D, D],
  ['content-actions#changeItemAction', 'withdraw an online IPC publication', A, A, D, D, D],
  ['content-actions#changeItemAction', 'trash an IPC draft', A, A, A, D, D],
  ['content-actions#changeItemAction', 'submit an IPC draft for review', A, A, A, D, D],
  ['content-actions#changeItemAction', 'approve a submitted IPC draft', A, A, D, D, D],
  ['content-actions#changeItemAction', 'send a submitted IPC draft back', A, A, D, D, D],
  ['content-actions#changeItemAction', 'trash an online IPC publication', A, A, D, D, D],
  ['content-actions#changeItemAction', 'restore a trashed IPC draft', A, A, A, D, D],
  ['content-actions#changeItemAction', 'restore a trashed online IPC publication', A, A, D, D, D],
  ['content-actions#changeItemAction', 'delete a trashed IPC draft for good', A, A, D, D, D],
  ['GET /api/admin/[kind]', 'list IPC publications', A, A, A, A, A],
  ['POST /api/admin/[kind]/bulk', 'bulk: publish IPC drafts', A, A, D, D, D],
  ['POST /api/admin/[kind]/bulk', 'bulk: withdraw an online IPC publication', A, A, D, D, D],
  ['POST /api/admin/[kind]/bulk', 'bulk: trash IPC drafts', A, A, A, D, D],
  ['POST /api/admin/[kind]/bulk', 'bulk: trash an online IPC publication', A, A, D, D, D],
  ['POST /api/admin/[kind]/bulk', 'bulk: trash drafts of IPC and Démographie', A, A, D, D, D],
  ['POST /api/admin/[kind]/bulk', 'bulk: restore a trashed IPC draft', A, A, A, D, D],
  ['series/actions#createSeriesAction', 'create an IPC series', A, A, D, D, D],
  ['series/actions#updateSeriesAction', 'describe the IPC series', A, A, D, D, D],
  // Values are prepared by the series' area writers and public only once a second person approves them.
  ['series/actions#publishValuesAction', 'prepare IPC values (a Rédacteur’s version is submitted for review)', A, A, A, D, D],
  ['series/actions#publishImportAction', 'prepare a version from someone else’s staged import', A, A, A, D, D],
  ['series/actions#cancelImportAction', 'cancel one’s own staged import', A, A, A, A, A],
  ['series/actions#cancelImportAction', 'cancel someone else’s staged import', A, A, D, D, D],
  ['series/actions#cancelVersionAction', 'cancel a scheduled IPC version', A, A, D, D, D],
  // A version waiting for review is still its area writers' work, like a draft: nothing of it was public.
  ['series/actions#cancelVersionAction', 'cancel an IPC version waiting for review', A, A, A, D, D],
  // A series following a table (lib/tables/slices.ts) is its area writers' choice; the version it writes is reviewed as any other.
  ['series/actions#defineSliceAction', 'make the IPC series a slice of the IPC table', A, A, A, D, D],
  ['series/actions#unlinkSliceAction', 'detach the IPC slice series from its table', A, A, A, D, D],
  ['series/actions#approveVersionAction', 'approve a submitted IPC version', A, A, D, D, D],
  ['series/actions#returnVersionAction', 'send a submitted IPC version back', A, A, D, D, D],
  ['POST /api/admin/series/import', 'stage an import of IPC values', A, A, A, A, D],
  // A table is public nowhere before a second person approves a version: its area's writers create it and prepare versions.
  ['tableaux/actions#saveTableAction', 'create an IPC table', A, A, A, D, D],
  ['tableaux/actions#saveTableAction', 'describe the online IPC table', A, A, D, D, D],
  ['tableaux/actions#publishTableImportAction', 'prepare a table version from someone else’s staged import', A, A, A, D, D],
  ['tableaux/actions#cancelTableImportAction', 'cancel one’s own staged table import', A, A, A, A, A],
  ['tableaux/actions#cancelTableImportAction', 'cancel someone else’s staged table import', A, A, D, D, D],
  ['tableaux/actions#reviewTableVersionAction', 'approve a submitted IPC table version', A, A, D, D, D],
  ['tableaux/actions#reviewTableVersionAction', 'cancel an IPC table version waiting for review', A, A, A, D, D],
  ['POST /api/admin/tables/[code]/import', 'stage an import of IPC table cells', A, A, A, D, D],
  // A survey's description is its area's writers' work, public only once a publisher puts it online.
  ['POST /api/admin/microdonnees/import/[area]', 'stage a DDI import of a new IPC survey', A, A, A, D, D],
  ['microdonnees/actions#confirmSurveyImportAction', 'confirm someone else’s staged DDI import of an IPC survey', A, A, A, D, D],
  ['microdonnees/actions#cancelSurveyImportAction', 'cancel someone else’s staged DDI import of an IPC survey', A, A, A, D, D],
  ['microdonnees/actions#publishSurveyAction', 'put an IPC survey online', A, A, D, D, D],
  ['microdonnees/actions#setFileAccessAction', 'change the access tier of an IPC survey’s file', A, A, D, D, D],
  ['calendrier/actions#createReleaseAction', 'announce an IPC release', A, A, A, D, D],
  ['calendrier/actions#confirmReleaseAction', 'confirm an IPC release', A, A, D, D, D],
  ['calendrier/actions#confirmReleaseAction', 'confirm an IPC release a Rédacteur prepared', A, A, A, D, D],
  ['calendrier/actions#moveReleaseAction', 'postpone an IPC release', A, A, D, D, D],
  ['calendrier/actions#cancelReleaseAction', 'cancel an IPC release', A, A, D, D, D],
  ['calendrier/actions#translateReleaseAction', 'translate an IPC release', A, A, D, D, D],
  ['calendrier/actions#reviewReleaseAction', 'submit an IPC release for review', A, A, A, D, D],
  ['calendrier/actions#reviewReleaseAction', 'approve an IPC release as a whole', A, A, D, D, D],
  ['calendrier/actions#linkPublicationAction', 'link an IPC draft to an IPC release', A, A, D, D, D],
  ['calendrier/actions#unlinkPublicationAction', 'unlink a publication from its IPC release', A, A, D, D, D],
  ['about/actions#updateIdentityAction', 'change the institute’s identity', A, D, D, D, D],
  // The maps' boundaries are reference data for every table: an administrator's.
  ['POST /api/admin/geo/[level]', 'upload the boundaries of a level', A, D, D, D, D],
  ['about/actions#updateMissionAction', 'save the missions page', A, A, D, D, D],
  ['about/actions#updateAccessibilityAction', 'save the accessibility statement', A, A, D, D, D],
  ['about/actions#updateDirectorWordAction', 'save the director’s word', A, A, D, D, D],
  ['intro-actions#updateAreaIntroAction', 'save the IPC introduction', A, A, D, D, D],
  ['users/actions#createUserAction', 'create an account', A, D, D, D, D],
  ['users/actions#setUserActiveAction', 'deactivate an account', A, D, D, D, D],
  ['users/actions#setUserAccessAction', 'give an account a role and areas', A, D, D, D, D],
  ['users/actions#setSelfApprovalAction', 'turn self-approval on', A, D, D, D, D],
  ['users/actions#updateProfileAction', 'rename oneself', A, A, A, A, A],
  ['actions#signOutAction', 'sign out', A, A, A, A, A],
  ['users/security-actions#beginTotpAction', 'start enrolling an authenticator app', A, A, A, A, A],
  ['users/security-actions#confirmTotpAction', 'confirm one’s authenticator app', A, A, A, A, A],
  ['users/security-actions#disableTotpAction', 'turn one’s authenticator app off with a recovery code', A, A, A, A, A],
  ['users/security-actions#newRecoveryCodesAction', 'make new recovery codes', A, A, A, A, A],
  ['users/security-actions#beginPasskeyAction', 'start registering a passkey', A, A, A, A, A],
  ['users/security-actions#finishPasskeyAction', 'register a passkey', A, A, A, A, A],
  ['users/security-actions#removePasskeyAction', 'remove one’s passkey', A, A, A, A, A],
  ['users/security-actions#resetFactorsAction', 'reset another account’s second factor', A, D, D, D, D],
  ['users/security-actions#setMfaPolicyAction', 'require a second factor of publishers', A, D, D, D, D],
  // Alerts: counts for everyone (a page, no action); the outbox's test message for publishers; one address's data for administrators.
  ['alertes/actions#sendTestAlertAction', 'send oneself an alerts test message', A, A, D, D, D],
  ['alertes/actions#exportSubscriberAction', 'export a subscriber’s data', A, D, D, D, D],
  ['alertes/actions#deleteSubscriberAction', 'delete a subscriber', A, D, D, D, D],
  ['POST /api/user', 'POST /api/user: create an account', A, D, D, D, D],
  ['PATCH /api/user', 'PATCH /api/user: rename oneself', A, A, A, A, A],
  ['GET /api/users', 'GET /api/users: list the accounts', A, D, D, D, D],
  ['GET /api/files', 'list the files', A, A, A, A, A],
  ['POST /api/files', 'upload a file', A, A, A, A, D],
  ['GET /api/files/[id]', 'read someone else’s file', A, A, A, A, A],
  ['PATCH /api/files/[id]', 'rename someone else’s file', A, A, D, D, D],
  // The rule looks only at who uploaded the file, not where it is used (an online item's attachment included).
  ['PATCH /api/files/[id]', 'rename one’s own file', A, A, A, A, D],
  ['PATCH /api/files/[id]', 'rename one’s own file used by an online publication', A, A, D, D, D],
  ['DELETE /api/files/[id]', 'delete someone else’s file', A, A, D, D, D],
];

const cellCount = matrix.length * actorNames.length;

/** The refusals of lib/admin/access.ts (`refusal`), whatever the need. */
const refusalText =
  /ne permet pas (de |d’)|ne fait pas partie de vos rubriques|ne font pas partie de vos rubriques|Aucune rubrique ne vous est attribuée/;

/** allow / deny as observed, or why the call is neither (then the case's input or fixtures are wrong). */
function classify(observed: Observed): { outcome: Outcome | 'other'; detail: string } {
  switch (observed.kind) {
    case 'redirect':
      return { outcome: A, detail: `redirect to ${observed.to}` };
    case 'action':
      if (observed.result.ok) return { outcome: A, detail: 'ok' };
      return { outcome: refusalText.test(observed.result.error) ? D : 'other', detail: observed.result.error };
    case 'http': {
      const error = (observed.body as { error?: unknown } | null)?.error;
      if (observed.status >= 200 && observed.status < 300) return { outcome: A, detail: String(observed.status) };
      if (observed.status === 403 && typeof error === 'string' && refusalText.test(error)) return { outcome: D, detail: error };
      return { outcome: 'other', detail: `HTTP ${observed.status} ${JSON.stringify(observed.body)}` };
    }
    case 'error':
      return {
        outcome: 'other',
        detail: `exception: ${observed.error instanceof Error ? (observed.error.stack ?? observed.error.message) : String(observed.error)}`,
      };
  }
}

/** The tables whose rows differ between two snapshots. */
function changedTables(before: string, after: string): string[] {
  const a = JSON.parse(before) as Record<string, unknown>;
  const b = JSON.parse(after) as Record<string, unknown>;
  return Object.keys({ ...a, ...b }).filter((t) => JSON.stringify(a[t]) !== JSON.stringify(b[t]));
}

async function listFilesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await fsp.readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await listFilesUnder(full)));
    else found.push(full);
  }
  return found.sort();
}

afterAll(async () => {
  await fsp.rm(incoming.root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
});

describe('access matrix: every entry point is known', () => {
  it('finds the server actions and route handlers on disk', () => {
    expect(serverActionFiles.length).toBeGreaterThanOrEqual(7);
    expect(routeFiles.length).toBeGreaterThanOrEqual(7);
    console.info(
      `Access matrix: ${entries.size} entry points found, ${matrix.length} cases × ${actorNames.length} accounts = ${cellCount} cells.`,
    );
  });

  it('has no inline server action under app/admin (they would escape the rules and this matrix)', () => {
    expect(inlineServerActions, 'Move these actions to a server-action module built with adminAction / adminFormAction').toEqual([]);
  });

  it('every exported function carries its access rule, or is an explained exemption', () => {
    const unguarded = [...entries.values()].filter((e) => !('access' in e.fn) && !(e.key in exemptions)).map((e) => `${e.key} (${e.file})`);
    expect(unguarded, 'Build them with adminAction / adminFormAction / adminRoute (lib/admin), which require their access rule').toEqual(
      [],
    );
    // An exemption that no longer matches an export, or that now has a rule, is stale.
    expect(Object.keys(exemptions).filter((key) => !entries.has(key) || 'access' in entries.get(key)!.fn)).toEqual([]);
    // POST /api/user and GET /api/users have no `access` property: their matrix rows must show they refuse every account but the administrator's.
    for (const entry of ['POST /api/user', 'GET /api/users']) {
      const rows = matrix.filter(([e]) => e === entry).map(([, , ...outcomes]) => outcomes.join(' '));
      expect(rows, entry).toEqual(['allow deny deny deny deny']);
    }
  });

  it('every entry point has its rows in the matrix, and every row names an entry point', () => {
    const inMatrix = new Set(matrix.map(([entry]) => entry));
    expect(
      [...entries.keys()].filter((key) => !inMatrix.has(key)),
      'Add their cases to the matrix (access-matrix.test.ts)',
    ).toEqual([]);
    expect([...inMatrix].filter((key) => !entries.has(key))).toEqual([]);
    const used = matrix.map(([, scenario]) => scenario);
    expect(Object.keys(runs).filter((scenario) => !used.includes(scenario as Case))).toEqual([]);
    expect(used.filter((scenario, i) => used.indexOf(scenario) !== i)).toEqual([]);
  });
});

describe.each(testDatabaseKinds)(
  `access matrix: ${matrix.length} cases × ${actorNames.length} accounts = ${cellCount} cells (%s)`,
  (kind) => {
    let database: TestDatabase;
    let kept: FixtureDatabase;
    let fresh: string;
    /** True once a cell may have changed the fixtures: the next one restores them first. */
    let dirty = false;
    const storageRoot = path.join(incoming.root, `files-${kind}`);
    const g = globalThis as { __insstatAuth?: unknown; __insstatStorage?: unknown };

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      const storage = createLocalStorage(storageRoot);
      g.__insstatStorage = storage;
      g.__insstatAuth = Promise.resolve({
        db: database.db,
        adapter: createEmbeddedAdapter({ db: database.db, cookieName: env.SESSION_COOKIE_NAME }),
      });
      kept = await buildFixtures(database, storage);
      fresh = await kept.snapshot();
      // Restoring gives back exactly the fixtures.
      await kept.restore();
      expect(await kept.snapshot()).toBe(fresh);
    });
    afterAll(async () => {
      delete g.__insstatAuth;
      delete g.__insstatStorage;
      await database?.close();
      await fsp.rm(storageRoot, { recursive: true, force: true });
    });
    beforeEach(() => {
      incoming.headers = new Headers({ host: new URL(ORIGIN).host });
      incoming.cookies = [];
      incoming.expired = [];
    });

    /** One cell: null when the outcome and its effects are as the matrix says, else why not. */
    async function cell(entry: string, scenario: Case, actor: ActorName, expected: Outcome): Promise<string | null> {
      if (dirty) await kept.restore();
      dirty = true;
      incoming.cookies = [{ name: env.SESSION_COOKIE_NAME, value: kept.fixtures.actors[actor].token }];
      incoming.expired = [];
      const storedBefore = await listFilesUnder(incoming.root);
      const observed = await runs[scenario]({ fn: entries.get(entry)!.fn, fx: kept.fixtures, actor });
      const { outcome, detail } = classify(observed);
      const after = await kept.snapshot();
      const where = `${entry} — ${scenario} — ${actorAccess[actor].label}`;
      if (outcome !== expected) return `${where}: expected ${expected}, got ${outcome} (${detail})`;
      if (outcome === A) {
        if (!readOnly.has(scenario) && after === fresh) return `${where}: allowed but nothing changed (${detail})`;
        return null;
      }
      // A refusal names the role, or says no area is assigned.
      const { role } = actorAccess[actor];
      if (!detail.includes(`(${roleLabels[role]})`) && !detail.startsWith('Aucune rubrique'))
        return `${where}: refusal not naming the role ${roleLabels[role]}: ${detail}`;
      const changed = changedTables(fresh, after);
      if (changed.length > 0) return `${where}: refused but wrote to ${changed.join(', ')}`;
      if (incoming.expired.length > 0) return `${where}: refused but expired ${incoming.expired.join(', ')}`;
      const storedAfter = await listFilesUnder(incoming.root);
      if (storedAfter.join('\n') !== storedBefore.join('\n'))
        return `${where}: refused but stored ${storedAfter.filter((f) => !storedBefore.includes(f)).join(', ')}`;
      // Nothing changed: the next cell can start from these fixtures as they are.
      dirty = false;
      return null;
    }

    it('with the second-factor policy on, an Administrateur or a Responsable without a factor may only enrol: every other entry point answers 403', async () => {
      await kept.restore();
      dirty = true;
      const { db } = database;
      // The actors' started enrolments and passkeys are the fixtures'; here they have no factor at all.
      await db.delete(passkeys);
      await db.delete(userTotp);
      await setMfaPolicy(db, { policy: 'publishers', user: null });
      const before = await kept.snapshot();
      const enrolment = new Set(matrix.filter(([entry]) => isEnrolment(entry)).map(([entry]) => entry));
      expect([...enrolment].length).toBeGreaterThanOrEqual(7);
      const failures: string[] = [];
      for (const [entry, scenario] of matrix) {
        if (enrolment.has(entry) || entry === 'actions#signOutAction') continue;
        for (const actor of ['admin', 'publisher'] as const) {
          incoming.cookies = [{ name: env.SESSION_COOKIE_NAME, value: kept.fixtures.actors[actor].token }];
          incoming.expired = [];
          const { outcome, detail } = classify(await runs[scenario]({ fn: entries.get(entry)!.fn, fx: kept.fixtures, actor }));
          if (
            outcome !== D ||
            !detail.includes(`Votre rôle (${roleLabels[actorAccess[actor].role]}) ne permet pas d’agir sans second facteur`)
          )
            failures.push(`${entry} — ${scenario} — ${actor}: ${outcome} (${detail})`);
          if (incoming.expired.length > 0) failures.push(`${entry} — ${scenario} — ${actor}: expired ${incoming.expired.join(', ')}`);
        }
      }
      expect(failures).toEqual([]);
      // Refused everywhere, they wrote nothing.
      expect(changedTables(before, await kept.snapshot())).toEqual([]);
      // Enrolment itself is allowed: start, then confirm with a first code — and then everything is open again.
      incoming.cookies = [{ name: env.SESSION_COOKIE_NAME, value: kept.fixtures.actors.publisher.token }];
      const begun = await action(entryFn('users/security-actions#beginTotpAction'), {});
      expect(begun.kind === 'action' && begun.result.ok).toBe(true);
      const { secret } = (begun as { result: { data: { secret: string } } }).result.data;
      const code = generateSync({ secret, epoch: Math.floor(Date.now() / 1000) });
      const confirmed = await formAction(entryFn('users/security-actions#confirmTotpAction'), { code });
      expect(confirmed.kind === 'action' && confirmed.result.ok).toBe(true);
      const renamed = classify(
        await runs['rename oneself']({ fn: entryFn('users/actions#updateProfileAction'), fx: kept.fixtures, actor: 'publisher' }),
      );
      expect(renamed.outcome).toBe(A);
    });

    it.each(matrix)('%s — %s', async (entry, scenario, ...expected) => {
      const failures: string[] = [];
      for (const [i, actor] of actorNames.entries()) {
        const failure = await cell(entry, scenario, actor, expected[i]!);
        if (failure) failures.push(failure);
      }
      expect(failures).toEqual([]);
    });
  },
);
