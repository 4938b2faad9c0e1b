import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, galleries, news, pages, publications, releases, series, tenders } from '@/lib/db/schema';
import { seedDemoContent } from '@/demo';
import { createLocalStorage } from '@/lib/storage/local';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { listEvents } from './events';
import { getFileForDownload } from './files';
import { listGalleries } from './galleries';
import { publicPathIndex } from '@/lib/routing/path-index-query';
import { getNews, listNews } from './news';
import { getPublication, latestPublications, listAreaPublications, relatedPublications } from './publications';
import { listReleases, releaseBySlug } from '@/lib/releases/queries';
import { keyFigures, seriesAt } from '@/lib/series/queries';
import { getPage, getSiteIdentity } from './site';
import { listTenders } from './tenders';

describe.each(testDatabaseKinds)('public queries on %s', (kind) => {
  let database: TestDatabase;
  const now = new Date();
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'insstat-queries-'));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const storage = createLocalStorage(filesDir);
    await seedDemoContent(database.db, storage, { now });
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('lists an area newest first, with files, years and pagination', async () => {
    const { db } = database;
    const all = await listAreaPublications(db, { area: 'ipc', page: 1, perPage: 100, now });
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(all.items.length).toBe(all.total);
    const dates = all.items.map((p) => p.publishedAt.getTime());
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(all.items.every((p) => p.files.length > 0 && p.files.every((f) => f.size > 0))).toBe(true);
    expect(all.years.length).toBeGreaterThan(0);

    const page2 = await listAreaPublications(db, { area: 'ipc', page: 2, perPage: 2, now });
    expect(page2.items.map((p) => p.id)).toEqual(all.items.slice(2, 4).map((p) => p.id));

    const year = all.years[0]!;
    const ofYear = await listAreaPublications(db, { area: 'ipc', year, page: 1, perPage: 100, now });
    expect(ofYear.total).toBe(all.items.filter((p) => p.publishedAt.getUTCFullYear() === year).length);
  });

  it('hides drafts, scheduled items and the trash from the public', async () => {
    const { db } = database;
    const before = await listAreaPublications(db, { area: 'methodes', page: 1, perPage: 100, now });
    const [target] = before.items;
    expect(target).toBeDefined();
    const inserted = await db
      .insert(publications)
      .values([
        { area: 'methodes', slug: 'brouillon-test', title: 'Brouillon', status: 'draft', publishedAt: new Date(now.getTime() - 1000) },
        {
          area: 'methodes',
          slug: 'programme-test',
          title: 'Programmée',
          status: 'published',
          publishedAt: new Date(now.getTime() + 3_600_000),
        },
      ])
      .returning({ id: publications.id });
    await db.update(publications).set({ deletedAt: now }).where(eq(publications.id, target!.id));
    const after = await listAreaPublications(db, { area: 'methodes', page: 1, perPage: 100, now });
    expect(after.total).toBe(before.total - 1);
    expect(after.items.some((p) => p.id === target!.id || inserted.some((i) => i.id === p.id))).toBe(false);
    expect(await getPublication(db, { area: 'methodes', slug: 'programme-test', now })).toBeNull();
    // The scheduled one appears once its time has come.
    expect(await getPublication(db, { area: 'methodes', slug: 'programme-test', now: new Date(now.getTime() + 7_200_000) })).not.toBeNull();
    await db.update(publications).set({ deletedAt: null }).where(eq(publications.id, target!.id));
  });

  it('reads a publication with its body and files, and nothing for an unknown slug', async () => {
    const { db } = database;
    const [first] = (await listAreaPublications(db, { area: 'lois', page: 1, perPage: 1, now })).items;
    const detail = await getPublication(db, { area: 'lois', slug: first!.slug, now });
    expect(detail?.body.length).toBeGreaterThan(20);
    expect(detail?.fields).toHaveProperty('number');
    const file = await getFileForDownload(db, detail!.files[0]!.id);
    expect(file?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await getPublication(db, { area: 'lois', slug: 'n-existe-pas', now })).toBeNull();
    expect(await getPublication(db, { area: 'decrets', slug: first!.slug, now })).toBeNull();
  });

  it('lists the latest publications across areas', async () => {
    const latest = await latestPublications(database.db, { areas: ['ipc', 'ice', 'rgph'], limit: 5, now });
    expect(latest).toHaveLength(5);
    expect(new Set(latest.map((p) => p.area)).size).toBeGreaterThan(0);
  });

  it('pages news and reads one item', async () => {
    const { db } = database;
    const page1 = await listNews(db, { page: 1, perPage: 10, now });
    expect(page1.total).toBe(12);
    expect(page1.items).toHaveLength(10);
    expect(page1.items.every((n) => n.cover && n.cover.width)).toBe(true);
    const item = await getNews(db, { id: page1.items[0]!.id, now });
    expect(item?.title).toBe(page1.items[0]!.title);
    expect(await getNews(db, { id: 999_999, now })).toBeNull();
  });

  it('orders events, galleries and tenders as visitors expect', async () => {
    const { db } = database;
    const { upcoming, past } = await listEvents(db, { now, pastLimit: 50 });
    expect(upcoming.length).toBeGreaterThan(0);
    expect(past.length).toBeGreaterThan(0);
    expect(upcoming.every((e, i) => i === 0 || upcoming[i - 1]!.startsAt <= e.startsAt)).toBe(true);
    expect(past.every((e, i) => i === 0 || past[i - 1]!.startsAt >= e.startsAt)).toBe(true);

    const galleries = await listGalleries(db, { now });
    expect(galleries).toHaveLength(3);
    expect(galleries.every((g) => g.images.length === 8)).toBe(true);

    const tenders = await listTenders(db, { now });
    const firstClosed = tenders.findIndex((t) => !t.open);
    expect(tenders.slice(0, firstClosed).every((t) => t.open)).toBe(true);
    expect(tenders.slice(firstClosed).every((t) => !t.open && t.deadlineAt <= now)).toBe(true);
  });

  it('computes key figures from the observations', async () => {
    const { db } = database;
    const [ipc] = await keyFigures(db, ['IPC'], now);
    const points = (await seriesAt(db, 'IPC', { at: now }))!.observations;
    const last = points.at(-1)!;
    const prev = points.at(-2)!;
    const yearAgo = points.at(-13)!;
    expect(ipc?.latest).toEqual(last);
    expect(ipc?.change).toBeCloseTo(((last.value - prev.value) / prev.value) * 100, 6);
    expect(ipc?.yearOnYear).toBeCloseTo(((last.value - yearAgo.value) / yearAgo.value) * 100, 6);
    expect(ipc?.trend).toHaveLength(13);
  });

  it('indexes exactly the public paths the proxy lets through', async () => {
    const { db } = database;
    const index = await publicPathIndex(db, now);
    const ipc = await listAreaPublications(db, { area: 'ipc', page: 1, perPage: 100, now });
    expect(ipc.items.every((p) => index.publications.has(`ipc/${p.slug}`))).toBe(true);
    expect(index.areaCounts.get('ipc')?.total).toBe(ipc.total);
    expect(index.areaCounts.has('echantillonage')).toBe(false);
    expect(index.publications.has('methodes/brouillon-test')).toBe(false);
    expect(index.newsTotal).toBe(12);
  });

  it('reads the identity and institutional pages', async () => {
    const { db } = database;
    expect((await getSiteIdentity(db))?.acronym).toBeTruthy();
    expect((await getPage(db, 'mission'))?.body).toContain('<');
    expect(await getPage(db, 'intro:ipc')).not.toBeNull();
  });
  it('returns each row’s English texts, so the English pages can show them', async () => {
    const { db } = database;
    const en = (fields: Record<string, string>) => ({ en: fields });
    const [pub] = (await listAreaPublications(db, { area: 'ipc', page: 1, perPage: 1, now })).items;
    await db
      .update(publications)
      .set({ translations: en({ title: 'Consumer price index', body: '<p>Prices rose.</p>' }) })
      .where(eq(publications.id, pub!.id));
    const [item] = (await listNews(db, { page: 1, perPage: 1, now })).items;
    await db
      .update(news)
      .set({ translations: en({ title: 'News in English' }) })
      .where(eq(news.id, item!.id));
    const [event] = (await listEvents(db, { now, pastLimit: 1 })).upcoming;
    await db
      .update(events)
      .set({ translations: en({ place: 'Conference room' }) })
      .where(eq(events.id, event!.id));
    const [gallery] = await listGalleries(db, { now });
    await db
      .update(galleries)
      .set({ translations: en({ title: 'Album' }) })
      .where(eq(galleries.id, gallery!.id));
    const [tender] = await listTenders(db, { now });
    await db
      .update(tenders)
      .set({ translations: en({ title: 'Call for tenders' }) })
      .where(eq(tenders.id, tender!.id));
    await db
      .update(pages)
      .set({ translations: en({ title: 'Our mission' }) })
      .where(eq(pages.key, 'mission'));
    await db
      .update(series)
      .set({ translations: en({ label: 'Consumer prices', unit: 'index' }) })
      .where(eq(series.code, 'IPC'));
    const [release] = (await listReleases(db, { now, when: 'past' })).filter((r) => r.publications.length > 0);
    await db
      .update(releases)
      .set({ translations: en({ title: 'Release in English' }) })
      .where(eq(releases.id, release!.id));
    const [linked] = release!.publications;
    const [linkedPub] = await db.select({ id: publications.id }).from(publications).where(eq(publications.slug, linked!.slug));
    await db
      .update(publications)
      .set({ translations: en({ title: 'Linked publication' }) })
      .where(eq(publications.id, linkedPub!.id));

    expect((await listAreaPublications(db, { area: 'ipc', page: 1, perPage: 1, now })).items[0]?.translations.en?.title).toBe(
      'Consumer price index',
    );
    expect((await getPublication(db, { area: 'ipc', slug: pub!.slug, now }))?.translations.en?.body).toBe('<p>Prices rose.</p>');
    expect((await latestPublications(db, { areas: ['ipc'], limit: 1, now }))[0]?.translations.en?.title).toBe('Consumer price index');
    const other = (await listAreaPublications(db, { area: 'ipc', page: 1, perPage: 2, now })).items[1]!;
    const related = await relatedPublications(db, { area: 'ipc', excludeId: other.id, limit: 10, now });
    expect(related.find((r) => r.id === pub!.id)?.translations.en?.title).toBe('Consumer price index');
    expect((await getNews(db, { id: item!.id, now }))?.translations.en?.title).toBe('News in English');
    expect((await listEvents(db, { now, pastLimit: 1 })).upcoming.find((e) => e.id === event!.id)?.translations.en?.place).toBe(
      'Conference room',
    );
    expect((await listGalleries(db, { now })).find((g) => g.id === gallery!.id)?.translations.en?.title).toBe('Album');
    expect((await listTenders(db, { now })).find((t) => t.id === tender!.id)?.translations.en?.title).toBe('Call for tenders');
    expect((await getPage(db, 'mission'))?.translations.en?.title).toBe('Our mission');
    expect((await seriesAt(db, 'IPC', { at: now }))?.translations.en?.label).toBe('Consumer prices');
    expect((await keyFigures(db, ['IPC'], now))[0]?.translations.en?.unit).toBe('index');
    const read = await releaseBySlug(db, release!.slug, now);
    expect(read?.release.translations.en?.title).toBe('Release in English');
    expect(read?.release.publications.find((p) => p.slug === linked!.slug)?.translations.en?.title).toBe('Linked publication');
    // Rows without English have an empty object, never null.
    expect((await listAreaPublications(db, { area: 'lois', page: 1, perPage: 1, now })).items[0]?.translations).toEqual({});
  });
});
