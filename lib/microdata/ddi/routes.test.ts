/**
 * The public DDI files called as Next calls them (real `Request`s, a real database): a survey online
 * answers DDI 2.5 XML that xmllint finds well-formed and that reads back to its variables, and JSON
 * with the files' tiers, both with the open-data cache headers and a 304 on its ETag; a draft survey,
 * or one whose minute has not come, answers the French 404.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '@/lib/db/open';
import { createTestDatabase, type TestDatabase } from '@/testing/db';
import { parseDdi } from './parse';

let db: Db;
vi.mock('@/lib/db', () => ({ getDb: async () => db }));
vi.mock('@/lib/content/public', () => ({ getIdentity: async () => ({ name: 'Institut national de la statistique', acronym: 'INS' }) }));

const { prepareSurveyImport, confirmSurveyImport } = await import('../imports');
const { setSurveyPublication } = await import('../write');
const { ddiJsonRoute, ddiXmlRoute } = await import('./routes');

const segment = (slug: string) => ({ params: Promise.resolve({ slug }) });
const get = (url: string, headers: Record<string, string> = {}) => new Request(`http://127.0.0.1:3000${url}`, { headers });

describe('the DDI files of a survey', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    db = database.db;
    const bytes = fs.readFileSync(path.resolve('testing/ddi/ipums-cps-00361-extract.xml'));
    for (const slug of ['cps-2004', 'brouillon']) {
      const prepared = await prepareSurveyImport(db, { bytes, fileName: 'cps.xml', surveyId: null, area: 'sociale', actor: null });
      if (!prepared.ok) throw new Error(prepared.error);
      const written = await confirmSurveyImport(db, { id: prepared.id, slug, dataKind: 'enquete', actor: null });
      if (!written.ok) throw new Error(written.error);
      if (slug === 'cps-2004')
        await setSurveyPublication(db, { surveyId: written.value.surveyId, at: new Date(Date.now() - 60_000), actor: null });
    }
  });
  afterAll(async () => {
    await database?.close();
  });

  it('answers DDI 2.5 XML that is well-formed and reads back to the same variables, then 304', async () => {
    const res = await ddiXmlRoute(get('/microdonnees/cps-2004/ddi.xml'), segment('cps-2004'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    const xml = await res.text();
    const file = path.join(os.tmpdir(), `ddi-route-${process.pid}.xml`);
    fs.writeFileSync(file, xml);
    expect(execFileSync('xmllint', ['--noout', file], { encoding: 'utf8' })).toBe('');
    fs.rmSync(file);
    const back = parseDdi(Buffer.from(xml));
    expect(back.ok && back.version).toBe('2.5');
    expect(back.ok && back.codebook.variables.map((v) => v.name)).toEqual(['YEAR', 'SERIAL', 'MONTH', 'HWTFINL', 'ASECFLAG', 'PERNUM']);
    const again = await ddiXmlRoute(
      get('/microdonnees/cps-2004/ddi.xml', { 'if-none-match': res.headers.get('etag')! }),
      segment('cps-2004'),
    );
    expect(again.status).toBe(304);
  });

  it('answers JSON with the files’ tiers', async () => {
    const res = await ddiJsonRoute(get('/microdonnees/cps-2004/ddi.json'), segment('cps-2004'));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { study: { files: { id: string; access: string }[] }; variables: { name: string }[] };
    expect(body.study.files).toEqual([expect.objectContaining({ id: 'ExtractData', access: 'licensed' })]);
    expect(body.variables).toHaveLength(6);
  });

  it('answers the French 404 for a draft survey and an unknown one', async () => {
    for (const slug of ['brouillon', 'inconnue', '../x']) {
      const res = await ddiXmlRoute(get(`/microdonnees/${slug}/ddi.xml`), segment(slug));
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('Enquête introuvable');
    }
  });
});
