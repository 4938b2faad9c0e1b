/**
 * The demo's English (issue 15): after a seed into a real PGlite database, the institute's name and
 * tagline, the series, the calendar and the institutional pages are in English; some publications
 * are and some are left French on purpose; no English text reads like untranslated French.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '@/lib/db/schema';
import { createLocalStorage } from '@/lib/storage/local';
import { createTestDatabase, type TestDatabase } from '@/testing/db';
import { frenchProperNames } from './english';
import { seedDemoContent } from './index';

/** Letters and quotes typical of French text left untranslated. */
const FRENCH = /[àâéèêëçùûôîï«»]/i;

/** The French characters left in `text` once the allowed proper names are taken out. */
function frenchLeft(text: string): string | null {
  let rest = text;
  for (const name of frenchProperNames) rest = rest.split(name).join('');
  const match = FRENCH.exec(rest);
  return match ? rest.slice(Math.max(0, match.index - 40), match.index + 40) : null;
}

describe('demo content in English', () => {
  let database: TestDatabase;
  let dir: string;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'insstat-seed-en-'));
    expect(await seedDemoContent(database.db, createLocalStorage(dir), { now: new Date() })).toEqual({ created: true });
  }, 300_000);

  afterAll(async () => {
    await database?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gives every series its English label, unit, methodology and source', async () => {
    const rows = await database.db.select().from(schema.series);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const s of rows) {
      const en = s.translations.en;
      expect(en?.label?.trim(), s.code).toBeTruthy();
      expect(en?.unit?.trim(), s.code).toBeTruthy();
      expect(en?.methodology?.trim(), s.code).toBeTruthy();
      expect(en?.source?.trim(), s.code).toBeTruthy();
    }
  });

  it('gives every release an English title, and its provisional window and reason where it has them', async () => {
    const rows = await database.db.select().from(schema.releases);
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) {
      expect(r.translations.en?.title?.trim(), r.slug).toBeTruthy();
      if (r.provisionalLabel) expect(r.translations.en?.provisionalLabel?.trim(), r.slug).toBeTruthy();
      if (r.reason) expect(r.translations.en?.reason?.trim(), r.slug).toBeTruthy();
    }
    expect(rows.some((r) => r.translations.en?.provisionalLabel)).toBe(true);
    expect(rows.some((r) => r.translations.en?.reason)).toBe(true);
  });

  it('translates the institutional pages and every area introduction', async () => {
    const pages = new Map((await database.db.select().from(schema.pages)).map((p) => [p.key, p]));
    for (const key of ['mission', 'mot_du_dg', 'accessibilite']) {
      const en = pages.get(key)?.translations.en;
      expect(en?.title?.trim(), key).toBeTruthy();
      expect(en?.body, key).toMatch(/<p>/);
    }
    const intros = [...pages.values()].filter((p) => p.key.startsWith('intro:'));
    expect(intros.length).toBeGreaterThan(20);
    for (const p of intros) {
      expect(p.translations.en?.title?.trim(), p.key).toBeTruthy();
      expect(p.translations.en?.body, p.key).toMatch(/^<p>/);
    }
  });

  it('translates some publications and news items and leaves others French, as the English site must show both', async () => {
    const pubs = await database.db.select().from(schema.publications);
    const translated = pubs.filter((p) => p.translations.en?.title);
    expect(translated.length).toBeGreaterThan(0);
    expect(translated.length).toBeLessThan(pubs.length);
    for (const p of translated) {
      expect(p.translations.en?.summary?.trim(), p.slug).toBeTruthy();
      expect(p.translations.en?.body, p.slug).toMatch(/<h2>/);
    }
    // The newest public note of each index area is in English.
    for (const area of ['ipc', 'ipi', 'ippi', 'ica_commerce', 'ica_service', 'ice']) {
      const newest = pubs
        .filter((p) => p.area === area && p.status === 'published')
        .sort((a, b) => b.publishedAt!.getTime() - a.publishedAt!.getTime())[0];
      expect(newest?.translations.en?.title, area).toBeTruthy();
    }
    const news = (await database.db.select().from(schema.news))
      .filter((n) => n.publishedAt !== null)
      .sort((a, b) => b.publishedAt!.getTime() - a.publishedAt!.getTime());
    expect(news.slice(0, 3).every((n) => n.translations.en?.title && n.translations.en.body)).toBe(true);
    expect(news.some((n) => !n.translations.en?.title)).toBe(true);
  });

  it('names the institute in English, with an English tagline, for the English header, footer and home page', async () => {
    const [identity] = await database.db.select().from(schema.siteIdentity);
    expect(identity!.name).toBe('Institut national de la statistique de Sahelia');
    expect(identity!.translations.en).toEqual({
      name: 'National Institute of Statistics of Sahelia',
      tagline: 'Official statistics serving development',
    });
  });

  it('writes no English text that reads like untranslated French (proper names aside)', async () => {
    const texts: [string, string][] = [];
    const collect = (kind: string, rows: { translations: { en?: Record<string, string | undefined> } }[]) => {
      rows.forEach((row, i) => {
        for (const [field, value] of Object.entries(row.translations.en ?? {})) if (value) texts.push([`${kind}[${i}].${field}`, value]);
      });
    };
    const db = database.db;
    collect('series', await db.select().from(schema.series));
    collect('releases', await db.select().from(schema.releases));
    collect('pages', await db.select().from(schema.pages));
    collect('site identity', await db.select().from(schema.siteIdentity));
    collect('publications', await db.select().from(schema.publications));
    collect('news', await db.select().from(schema.news));
    expect(texts.length).toBeGreaterThan(100);
    const wrong = texts.flatMap(([where, text]) => {
      const left = frenchLeft(text);
      return left ? [`${where}: …${left}…`] : [];
    });
    expect(wrong).toEqual([]);
  });
});
