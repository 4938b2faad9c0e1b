/**
 * The microdata catalogue against a real database: an import previewed then confirmed as version 1;
 * a hostile file refused writing nothing; a re-import as version 2 keeping every data file with its
 * tier (one the new DDI no longer describes too); nothing public before its minute; the variable
 * search across surveys, accents ignored; the catalogue's facets.
 */
import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '@/lib/db/schema';
import type { Db } from '@/lib/db/open';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { filterCatalogue, readCatalogueQuery } from './catalogue';
import { confirmSurveyImport, findSurveyImport, prepareSurveyImport } from './imports';
import { emptyStudy, type Codebook } from './model';
import { findPublicSurvey, findSurvey, listPublicSurveys, searchVariables, surveysWithVariable, versionVariables } from './queries';
import { surveyDataFiles, surveyImports, surveys, surveyVersions } from './schema';
import { setFileAccess, setSurveyPublication, writeSurveyVersion } from './write';

const nesstar = fs.readFileSync(path.resolve('testing/ddi/roda-002-nesstar-extract.utf16.xml'));

/** A small codebook of our own: two files, a variable on school attendance. */
function householdBook(files: string[]): Codebook {
  const study = {
    ...emptyStudy(),
    title: 'Enquête sur les conditions de vie des ménages 2024',
    idno: 'EHCVM-2024',
    topics: ['Pauvreté'],
    producers: [{ name: 'Institut national de la statistique' }],
    collectionDates: { start: '2024-03-01', end: '2024-06-30' },
  };
  study.files = files.map((id) => ({ id, name: `${id.toLowerCase()}.dta`, contents: '', records: 100, variables: 1, format: 'Stata' }));
  return {
    study,
    variables: [
      {
        name: 'FREQ_SCOL',
        ddiId: 'V1',
        fileId: files[0]!,
        label: 'Fréquentation scolaire',
        question: 'Est-ce que (NOM) fréquente l’école ?',
        universe: '',
        notes: '',
        concept: '',
        interval: 'discrete',
        valueType: 'numeric',
        decimals: 0,
        categories: [{ value: '1', label: 'Oui', freq: 60, missing: false }],
        stats: {},
      },
    ],
  };
}

describe.each(testDatabaseKinds)('the microdata catalogue on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
  });
  afterAll(async () => {
    await database?.close();
  });

  it('refuses a hostile file writing nothing', async () => {
    const lol = Buffer.from('<!DOCTYPE codeBook [<!ENTITY a "aaaa">]><codeBook xmlns="ddi:codebook:2_5">&a;</codeBook>');
    const r = await prepareSurveyImport(db, { bytes: lol, fileName: 'lol.xml', surveyId: null, area: 'sociale', actor: null });
    expect(r).toMatchObject({ ok: false, error: expect.stringContaining('DOCTYPE') });
    for (const table of [surveyImports, surveys, surveyVersions]) expect((await db.select({ n: count() }).from(table))[0]!.n).toBe(0);
  });

  it('previews an import, then writes it as version 1 with its variables, audited', async () => {
    const prepared = await prepareSurveyImport(db, { bytes: nesstar, fileName: '002.xml', surveyId: null, area: 'sociale', actor: null });
    if (!prepared.ok) throw new Error(prepared.error);
    const preview = await findSurveyImport(db, prepared.id);
    expect(preview?.parsed.codebook.variables.map((v) => v.name)).toEqual(['NR', 'LOC']);
    expect((await db.select({ n: count() }).from(surveys))[0]!.n).toBe(0);
    const written = await confirmSurveyImport(db, { id: prepared.id, slug: 'diagnoza-1999', dataKind: 'enquete', actor: null });
    expect(written).toMatchObject({ ok: true, value: { slug: 'diagnoza-1999', number: 1 } });
    expect(await findSurveyImport(db, prepared.id)).toBeNull();
    const survey = await findSurvey(db, 'diagnoza-1999');
    expect(survey?.files.map((f) => [f.ddiId, f.access])).toEqual([['F1', 'licensed']]);
    expect((await versionVariables(db, survey!.version.id)).map((v) => v.question)).toEqual(['Numar chestionar', 'Localitate']);
    const audit = await db.select().from(auditEntries).where(eq(auditEntries.action, 'survey.version'));
    expect(audit.map((a) => a.summary)).toEqual([expect.stringContaining('version 1 (2 variables, 1 fichiers, source ddi-1.2.2)')]);
  });

  it('re-imports as a new version, never losing a file or its tier', async () => {
    const first = await writeSurveyVersion(db, {
      target: { slug: 'ehcvm-2024', area: 'sociale', dataKind: 'enquete' },
      codebook: householdBook(['MEN', 'IND']),
      source: 'demo',
      report: [],
      actor: null,
    });
    if (!first.ok) throw new Error(first.error);
    const survey = (await findSurvey(db, 'ehcvm-2024'))!;
    const ind = survey.files.find((f) => f.ddiId === 'IND')!;
    await setFileAccess(db, {
      surveyId: survey.id,
      fileId: ind.id,
      access: 'public-use',
      conditions: 'Accepter les conditions.',
      conditionsEn: 'Accept the terms.',
      actor: null,
    });
    const second = await writeSurveyVersion(db, {
      target: { surveyId: survey.id },
      codebook: householdBook(['MEN']),
      source: 'ddi-2.5',
      report: [],
      actor: null,
    });
    expect(second).toMatchObject({ ok: true, value: { number: 2, keptFiles: ['ind.dta'] } });
    const after = (await findSurvey(db, 'ehcvm-2024'))!;
    expect(after.version.number).toBe(2);
    expect(after.files.map((f) => [f.ddiId, f.access, f.conditions])).toEqual([
      ['IND', 'public-use', 'Accepter les conditions.'],
      ['MEN', 'licensed', ''],
    ]);
    expect((await db.select({ n: count() }).from(surveyDataFiles).where(eq(surveyDataFiles.surveyId, survey.id)))[0]!.n).toBe(2);
  });

  it('shows nothing before its minute, then finds it by a variable’s word, accents ignored', async () => {
    const survey = (await findSurvey(db, 'ehcvm-2024'))!;
    const at = new Date('2030-01-01T08:00:00Z');
    await setSurveyPublication(db, { surveyId: survey.id, at, actor: null });
    const before = new Date(at.getTime() - 60_000);
    expect(await findPublicSurvey(db, 'ehcvm-2024', before)).toBeNull();
    expect(await searchVariables(db, { q: 'frequentation', now: before, limit: 10, offset: 0 })).toEqual([]);
    expect((await findPublicSurvey(db, 'ehcvm-2024', at))?.study.title).toContain('conditions de vie');
    const hits = await searchVariables(db, { q: 'frequentation SCOLAIRE', now: at, limit: 10, offset: 0 });
    expect(hits.map((h) => [h.survey.slug, h.name])).toEqual([['ehcvm-2024', 'FREQ_SCOL']]);
    expect(await surveysWithVariable(db, 'école', at)).toEqual(new Set([survey.id]));
    // The draft survey is never public.
    expect(await findPublicSurvey(db, 'diagnoza-1999', at)).toBeNull();
  });

  it('filters the catalogue and counts its facets', async () => {
    const now = new Date('2030-02-01T00:00:00Z');
    const diag = (await findSurvey(db, 'diagnoza-1999'))!;
    await setSurveyPublication(db, { surveyId: diag.id, at: new Date('2029-01-01T00:00:00Z'), actor: null });
    const all = await listPublicSurveys(db, now);
    expect(all.map((s) => s.slug).sort()).toEqual(['diagnoza-1999', 'ehcvm-2024']);
    const byWord = filterCatalogue(all, readCatalogueQuery({ q: 'scolaire' }), await surveysWithVariable(db, 'scolaire', now));
    expect(byWord.surveys.map((s) => s.slug)).toEqual(['ehcvm-2024']);
    const everything = filterCatalogue(all, readCatalogueQuery({}), new Set());
    expect(everything.facets.years).toEqual([{ value: 2024, count: 1 }]);
    expect(everything.facets.access).toEqual(
      expect.arrayContaining([
        { value: 'licensed', count: 2 },
        { value: 'public-use', count: 1 },
      ]),
    );
    const publicUse = filterCatalogue(all, readCatalogueQuery({ acces: 'public-use', annee: '2024', type: 'bogus' }), new Set());
    expect(publicUse.surveys.map((s) => s.slug)).toEqual(['ehcvm-2024']);
  });
});
