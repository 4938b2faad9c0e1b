import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas, publicPublicationAreas, reservedSlugs, type Area } from '@/lib/content/areas';
import * as schema from '@/lib/db/schema';
import { createLocalStorage } from '@/lib/storage/local';
import type { StorageDriver } from '@/lib/storage/types';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { isDatabaseEmpty, seedDemoContent } from './index';
import { buildPublications } from './publications';
import { generateObservations, seriesDefinitions } from './series';
import { seriesAt, versionChanges } from '@/lib/series/queries';
import { sliceOf } from '@/lib/tables/slices';

const publicationAreas = (areas as readonly Area[]).filter((a) => a.kind === 'publications');

async function readAll(storage: StorageDriver, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
}

async function tableCounts(db: TestDatabase['db']) {
  const tables = {
    siteIdentity: schema.siteIdentity,
    pages: schema.pages,
    files: schema.files,
    publications: schema.publications,
    publicationFiles: schema.publicationFiles,
    news: schema.news,
    events: schema.events,
    galleries: schema.galleries,
    galleryImages: schema.galleryImages,
    tenders: schema.tenders,
    tenderFiles: schema.tenderFiles,
    series: schema.series,
    seriesVersions: schema.seriesVersions,
    releaseDateChanges: schema.releaseDateChanges,
    observations: schema.observations,
    releases: schema.releases,
  };
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    out[name] = row?.n ?? 0;
  }
  return out;
}

describe.each(testDatabaseKinds)('seedDemoContent (%s)', (kind) => {
  let database: TestDatabase;
  let dir: string;
  let storage: StorageDriver;
  const now = new Date();
  let firstCounts: Record<string, number>;
  const logs: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'insstat-seed-'));
    storage = createLocalStorage(dir);
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    const result = await seedDemoContent(database.db, storage, { now, log: (m) => logs.push(m) });
    expect(result).toEqual({ created: true });
    firstCounts = await tableCounts(database.db);
  });

  afterAll(async () => {
    await database?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates the site identity and the institutional pages', async () => {
    expect(await isDatabaseEmpty(database.db)).toBe(false);
    const [identity] = await database.db.select().from(schema.siteIdentity);
    expect(identity).toMatchObject({ id: 1, acronym: 'INSS', country: 'République de Sahelia' });
    expect(identity!.socialLinks.length).toBeGreaterThanOrEqual(2);
    const keys = new Set((await database.db.select({ key: schema.pages.key }).from(schema.pages)).map((p) => p.key));
    expect(keys.has('mission')).toBe(true);
    expect(keys.has('mot_du_dg')).toBe(true);
    for (const a of areas.filter((x) => ['publications', 'news', 'events', 'galleries', 'tenders'].includes(x.kind))) {
      expect(keys.has(`intro:${a.slug}`), `intro:${a.slug}`).toBe(true);
    }
  });

  it('gives every publication area at least 3 published publications, each with real files', async () => {
    const pubs = await database.db.select().from(schema.publications);
    const links = await database.db.select().from(schema.publicationFiles);
    const files = new Map((await database.db.select().from(schema.files)).map((f) => [f.id, f]));
    expect(publicPublicationAreas().length).toBeGreaterThan(0);
    for (const a of publicationAreas) {
      const published = pubs.filter((p) => p.area === a.slug && p.status === 'published');
      expect(published.length, a.slug).toBeGreaterThanOrEqual(3);
      for (const p of published) {
        expect(p.publishedAt!.getTime()).toBeLessThan(now.getTime());
        expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(reservedSlugs.has(p.slug)).toBe(false);
        const attached = links.filter((l) => l.publicationId === p.id).map((l) => files.get(l.fileId)!);
        expect(attached.length, p.slug).toBeGreaterThanOrEqual(1);
        expect(attached.some((f) => f.mime === 'application/pdf')).toBe(true);
        for (const f of attached) expect(f.visibility).toBe(a.restricted ? 'restricted' : 'public');
        if (a.fields) {
          expect(p.fields).toMatchObject({ number: expect.any(String), signedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
        }
      }
    }
    const years = new Set(pubs.filter((p) => p.publishedAt).map((p) => p.publishedAt!.getUTCFullYear()));
    expect(years.size).toBeGreaterThanOrEqual(3);
    expect(pubs.filter((p) => p.status === 'draft')).toHaveLength(2);
  });

  it('stores every file with its size and checksum', async () => {
    const files = await database.db.select().from(schema.files);
    expect(files.length).toBe(firstCounts.files);
    expect(listFiles(dir)).toHaveLength(files.length);
    const mimes = new Set(files.map((f) => f.mime));
    expect(mimes).toEqual(
      new Set(['application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv', 'image/jpeg']),
    );
    for (const f of files) {
      const bytes = await readAll(storage, f.storageKey);
      expect(bytes.length, f.name).toBe(f.size);
      expect(createHash('sha256').update(bytes).digest('hex'), f.name).toBe(f.sha256);
      if (f.mime === 'application/pdf') expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
      if (f.mime === 'image/jpeg') {
        expect(bytes[0]).toBe(0xff);
        expect(bytes[1]).toBe(0xd8);
        expect(f.width).toBeGreaterThan(0);
        expect(f.size).toBeLessThan(120 * 1024);
      }
      if (f.ext === 'xlsx') expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
      if (f.ext === 'csv') expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(f.name.endsWith(`.${f.ext}`)).toBe(true);
    }
  });

  it('creates news, events, galleries and tenders', async () => {
    const all = await database.db.select().from(schema.news);
    // Twelve online, approved; one Rédacteur's draft waits for review (« À relire »).
    const waiting = all.filter((n) => n.status === 'draft');
    expect(waiting).toMatchObject([{ review: 'submitted', reviewNote: null }]);
    expect(waiting[0]!.editedBy).toBe(waiting[0]!.createdBy);
    const news = all.filter((n) => n.status !== 'draft');
    expect(news).toHaveLength(12);
    expect(news.every((n) => n.review === 'approved')).toBe(true);
    const images = new Map(
      (await database.db.select().from(schema.files).where(eq(schema.files.mime, 'image/jpeg'))).map((f) => [f.id, f]),
    );
    for (const n of news) {
      expect(n.status).toBe('published');
      expect(n.publishedAt!.getTime()).toBeLessThan(now.getTime());
      expect(images.has(n.coverFileId!)).toBe(true);
    }

    const events = await database.db.select().from(schema.events);
    expect(events).toHaveLength(6);
    expect(events.filter((e) => e.startsAt > now).length).toBeGreaterThanOrEqual(1);
    expect(events.filter((e) => e.startsAt < now).length).toBeGreaterThanOrEqual(1);
    for (const e of events) expect(e.publishedAt!.getTime()).toBeLessThan(now.getTime());

    const galleries = await database.db.select().from(schema.galleries);
    expect(galleries).toHaveLength(3);
    const galleryImages = await database.db.select().from(schema.galleryImages);
    for (const g of galleries) {
      const own = galleryImages.filter((i) => i.galleryId === g.id);
      expect(own.map((i) => i.position).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      for (const i of own) {
        expect(images.get(i.fileId)).toMatchObject({ width: 1200, height: 800 });
        expect(i.caption).not.toBe('');
        expect(i.alt).not.toBe('');
      }
    }

    const tenders = await database.db.select().from(schema.tenders);
    expect(tenders).toHaveLength(4);
    expect(tenders.filter((t) => t.deadlineAt > now)).toHaveLength(2);
    expect(tenders.filter((t) => t.deadlineAt < now)).toHaveLength(2);
    const tenderFiles = await database.db.select().from(schema.tenderFiles);
    for (const t of tenders) expect(tenderFiles.filter((f) => f.tenderId === t.id).length).toBeGreaterThanOrEqual(1);
  });

  it('creates the six series with eleven years of monthly values in two versions, and the release calendar', async () => {
    const series = await database.db.select().from(schema.series);
    expect(series.map((s) => s.code).sort()).toEqual(['ICA_COMMERCE', 'ICA_SERVICE', 'ICE', 'IPC', 'IPI', 'IPPI']);
    // The IPC key figure is the CPI table's « Ensemble » row (their values agree: still version 2 below).
    expect(await sliceOf(database.db, 'IPC')).toMatchObject({
      table: { code: 'IPC_GROUPES' },
      selection: { GROUPE: 'CP00' },
      measure: 'INDICE',
    });
    for (const s of series) {
      const data = await seriesAt(database.db, s.code, { at: now });
      const obs = data!.observations;
      expect(obs, s.code).toHaveLength(132);
      expect(data!.version.number).toBe(2);
      expect(obs.filter((o) => o.status === 'P')).toHaveLength(3);
      expect(obs.slice(-3).every((o) => o.status === 'P')).toBe(true);
      const last = obs.at(-1)!;
      const previousMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
      expect(last.period).toBe(previousMonth);
      for (const o of obs) expect(o.value).toBeGreaterThan(50);
      // Version 1, as published then: a month shorter, its last month revised by version 2.
      const v1 = await seriesAt(database.db, s.code, { at: new Date(now.getTime() - 20 * 86_400_000) });
      expect(v1!.version.number).toBe(1);
      expect(v1!.observations).toHaveLength(131);
      expect(v1!.observations.at(-1)!.value).not.toBe(obs.at(-2)!.value);
      const changes = await versionChanges(database.db, s.id, 2);
      expect(changes.filter((c) => c.before === null)).toHaveLength(1);
      expect(changes.some((c) => c.before && c.before.value !== c.after.value)).toBe(true);
    }
    const releases = await database.db.select().from(schema.releases);
    expect(new Set(releases.map((r) => r.status))).toEqual(new Set(['announced', 'confirmed', 'postponed', 'cancelled', 'published']));
    expect(new Set(releases.map((r) => r.slug)).size).toBe(releases.length);
    expect(Math.max(...releases.map((r) => r.scheduledAt.getTime()))).toBeGreaterThan(now.getTime() + 300 * 86_400_000);
    const moved = releases.find((r) => r.status === 'postponed')!;
    const changes = await database.db.select().from(schema.releaseDateChanges);
    expect(changes).toEqual([expect.objectContaining({ releaseId: moved.id, newAt: moved.scheduledAt, reason: moved.reason })]);
    expect(moved.sequence).toBe(1);
    expect(releases.find((r) => r.status === 'cancelled')?.reason).toMatch(/^Publication annulée/);
    expect(releases.filter((r) => r.scheduledAt > now && ['announced', 'confirmed'].includes(r.status)).length).toBeGreaterThanOrEqual(6);
    const published = releases.filter((r) => r.status === 'published');
    expect(published).toHaveLength(2);
    const carried = await database.db.select().from(schema.releasePublications);
    for (const r of published) {
      expect(r.scheduledAt.getTime()).toBeLessThan(now.getTime());
      expect(carried.some((c) => c.releaseId === r.id)).toBe(true);
    }
    for (const r of releases) expect(areas.some((a) => a.slug === r.area)).toBe(true);
  });

  it('does nothing the second time', async () => {
    const result = await seedDemoContent(database.db, storage, { now });
    expect(result).toEqual({ created: false });
    expect(await tableCounts(database.db)).toEqual(firstCounts);
    expect(listFiles(dir)).toHaveLength(firstCounts.files!);
    const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(schema.files);
    expect(row?.n).toBe(firstCounts.files);
  });
});

describe('seedDemoContent failures', () => {
  // Postgres when configured (the stricter of the two), PGlite otherwise.
  const kind = testDatabaseKinds.at(-1)!;

  it('leaves no row and no file when storing a file fails', async () => {
    const database = await createTestDatabase(kind);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'insstat-seed-fail-'));
    try {
      const local = createLocalStorage(dir);
      let puts = 0;
      const failing: StorageDriver = {
        ...local,
        put: async (key, body, type) => {
          if (++puts === 40) throw new Error('disque plein');
          return local.put(key, body, type);
        },
      };
      await expect(seedDemoContent(database.db, failing)).rejects.toThrow('disque plein');
      expect(await isDatabaseEmpty(database.db)).toBe(true);
      expect(listFiles(dir)).toHaveLength(0);
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('rolls everything back when an insert fails', async () => {
    const database = await createTestDatabase(kind);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'insstat-seed-fail-'));
    try {
      // A series with the same code makes the seed's series insert fail, late in the transaction.
      await database.db
        .insert(schema.series)
        .values({ code: 'IPC', area: 'ipc', label: 'x', unit: 'indice', basePeriod: '2020', frequency: 'monthly' });
      await expect(seedDemoContent(database.db, createLocalStorage(dir))).rejects.toThrow();
      expect(await isDatabaseEmpty(database.db)).toBe(true);
      const counts = await tableCounts(database.db);
      expect({ ...counts, series: 0 }).toEqual(Object.fromEntries(Object.keys(counts).map((k) => [k, 0])));
      expect(listFiles(dir)).toHaveLength(0);
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('demo content dates', () => {
  // Every week over two years, including month and year boundaries: the generated content must
  // stay consistent whatever the day the seed runs.
  it('keeps published items in the past and announced releases in the future', () => {
    const start = Date.UTC(2026, 0, 1, 0, 30);
    for (let day = 0; day < 730; day += 9) {
      const now = new Date(start + day * 86_400_000);
      const observations = new Map(seriesDefinitions.map((d) => [d.code, generateObservations(d, now)]));
      const { publications, releases } = buildPublications(now, observations);
      for (const a of publicationAreas) {
        const own = publications.filter((p) => p.area === a.slug);
        expect(own.filter((p) => p.status === 'published').length, `${a.slug} ${now.toISOString()}`).toBeGreaterThanOrEqual(3);
        expect(new Set(own.map((p) => p.slug)).size).toBe(own.length);
      }
      for (const p of publications) {
        if (p.status === 'published') expect(p.publishedAt!.getTime(), `${p.area}/${p.slug}`).toBeLessThan(now.getTime());
        expect(JSON.stringify([p.title, p.summary, p.sections])).not.toMatch(/NaN|undefined/);
        expect(JSON.stringify(p.table?.rows ?? [])).not.toMatch(/NaN|null/);
        if (p.periodStart && p.periodEnd) expect(p.periodStart <= p.periodEnd).toBe(true);
      }
      const upcoming = releases.filter((r) => r.status !== 'published');
      expect(upcoming.length).toBeGreaterThanOrEqual(6);
      for (const r of upcoming) expect(r.scheduledAt.getTime(), r.title).toBeGreaterThan(now.getTime());
      for (const r of releases.filter((x) => x.status === 'published')) expect(r.scheduledAt.getTime()).toBeLessThan(now.getTime());
    }
  }, 180_000);
});
