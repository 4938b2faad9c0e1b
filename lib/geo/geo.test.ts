/**
 * Boundaries as data and maps drawn from them: the demo's regions accepted and simplified; a missing
 * code, a broken geometry or a non-geographic file refused in French, changing nothing; versions
 * audited; the API's TopoJSON read back by topojson-client; the map's areas, classes and titles.
 */
import fs from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRegionsFile } from '@/demo/geo/boundaries';
import { auditEntries } from '@/lib/db/schema';
import type { Db } from '@/lib/db/open';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { insertSmallTable } from '@/testing/tables-fixture';
import { readBoundaries } from './boundaries';
import { latestBoundaries, uploadBoundaries } from './levels';
import { classesOf, drawMap } from './map';
import { geoBoundaries } from './schema';
import { mapSvg } from './svg';
import { planMap } from './table-map';

const demo = fs.readFileSync(demoRegionsFile);
const demoCodes = ['CAP', 'NOR', 'SUD', 'EST', 'OUE', 'CEN', 'FLE', 'PLA'];
type Fc = { type: 'FeatureCollection'; features: { properties: { code: string }; geometry: { type: string; coordinates: unknown } }[] };

/** The demo's regions with other codes (the small test table's R01–R03 among them). */
function recoded(codes: Record<string, string>): Buffer {
  const fc = JSON.parse(demo.toString('utf8')) as Fc;
  for (const f of fc.features) f.properties.code = codes[f.properties.code] ?? f.properties.code;
  return Buffer.from(JSON.stringify(fc));
}

describe('reading boundaries', () => {
  it('accepts the demo regions, simplified into one topology with their names', async () => {
    const r = await readBoundaries(demo, [demoCodes]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.format).toBe('geojson');
    expect(r.value.codes.sort()).toEqual([...demoCodes].sort());
    expect(r.value.names.FLE).toEqual({ fr: 'Région du Fleuve', en: 'River Region' });
    const areas = feature(r.value.topology, r.value.topology.objects.areas!) as unknown as { features: { id: string }[] };
    expect(areas.features.map((f) => f.id).sort()).toEqual([...demoCodes].sort());
    // TopoJSON in, the same areas out.
    const again = await readBoundaries(Buffer.from(JSON.stringify(r.value.topology)), [demoCodes]);
    expect(again.ok && again.value.format).toBe('topojson');
  });

  it('refuses a missing code, a broken geometry, a duplicate code and a file that is not geographic, naming the problem', async () => {
    // A table coded otherwise (another nomenclature) is not drawn on these boundaries: nothing is asked of it.
    expect((await readBoundaries(demo, [['R01', 'R02']])).ok).toBe(true);
    expect(await readBoundaries(demo, [[...demoCodes, 'LAC'], ['R01']])).toEqual({
      ok: false,
      error: 'Fichier de limites refusé : le code « LAC » des tableaux n’a pas de contour.',
    });
    const broken = JSON.parse(demo.toString('utf8')) as Fc;
    broken.features[2]!.geometry.coordinates = [
      [
        [0, 0],
        [1, 1],
        [0, 0],
      ],
    ];
    const b = await readBoundaries(Buffer.from(JSON.stringify(broken)));
    expect(b.ok).toBe(false);
    expect(!b.ok && b.error).toMatch(/géométrie invalide pour « \w+ » \(un contour a moins de quatre points\)/);
    const open = JSON.parse(demo.toString('utf8')) as Fc;
    (open.features[0]!.geometry.coordinates as number[][][])[0]!.push([5, 5]);
    expect(await readBoundaries(Buffer.from(JSON.stringify(open)))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/n’est pas fermé/),
    });
    const point = JSON.parse(demo.toString('utf8')) as Fc;
    point.features[0]!.geometry = { type: 'Point', coordinates: [1, 14] };
    expect(await readBoundaries(Buffer.from(JSON.stringify(point)))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/de type Point, pas un polygone/),
    });
    expect(await readBoundaries(recoded({ NOR: 'SUD' }))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/le code « SUD » apparaît deux fois/),
    });
    for (const notGeo of [
      Buffer.from('%PDF-1.7\n…'),
      Buffer.from('region;population\nNOR;980000\n'),
      Buffer.from('{"type":"Feuille","lignes":[]}'),
    ])
      expect(await readBoundaries(notGeo)).toEqual({
        ok: false,
        error: 'Fichier de limites refusé : ce n’est ni du GeoJSON, ni du TopoJSON, ni un shapefile zippé.',
      });
    expect(await readBoundaries(Buffer.from('PK\u0003\u0004 pas une archive'))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/zip est endommagée/),
    });
  });
});

describe('drawing a map', () => {
  it('cuts the values into Jenks classes and gives each area its path, colour and class', async () => {
    expect(classesOf([1, 2, 3, 10, 11, 12, 50], 3)).toEqual([
      { from: 1, to: 3 },
      { from: 10, to: 12 },
      { from: 50, to: 50 },
    ]);
    const r = await readBoundaries(demo);
    if (!r.ok) throw new Error(r.error);
    const values = new Map<string, number | null>(demoCodes.map((c, i) => [c, c === 'EST' ? null : (i + 1) * 100_000]));
    const d = drawMap({ topology: r.value.topology, names: r.value.names, values, locale: 'en' });
    expect(d.areas).toHaveLength(8);
    expect(d.areas.every((a) => /^M[\d.,-]+/.test(a.path))).toBe(true);
    expect(d.areas.find((a) => a.code === 'EST')).toMatchObject({ name: 'Eastern Region', value: null, classIndex: null });
    expect(d.classes.length).toBe(5);
    const svg = mapSvg(d, {
      title: 'Population',
      unit: 'inhabitants',
      format: String,
      missing: 'not available',
      legend: 'Classes',
      idPrefix: 't',
    });
    expect(svg.match(/<path /g)).toHaveLength(8);
    expect(svg).toContain('<title>River Region : 700000 inhabitants</title>');
    expect(svg).toContain('<title>Eastern Region : not available</title>');
    expect(svg).toContain('Classes (inhabitants)');
  });

  it('plans the map of a selection: every region, one value of every other dimension, the latest period', () => {
    const structure = {
      dimensions: [
        { code: 'REGION', label: { fr: 'Région' }, role: 'plain' as const, values: demoCodes.map((c) => ({ code: c, label: { fr: c } })) },
        {
          code: 'ANNEE',
          label: { fr: 'Année' },
          role: 'time' as const,
          values: ['2023', '2024'].map((c) => ({ code: c, label: { fr: c } })),
        },
      ],
      measures: [{ code: 'POP', label: { fr: 'Population' }, unit: { fr: 'habitants' }, decimals: 0 }],
    };
    const levels = [{ code: 'regions', dimension: 'REGION' }];
    const plan = planMap(
      structure,
      { selection: { REGION: ['NOR'], ANNEE: ['2023', '2024'] }, rows: ['REGION'], columns: ['ANNEE'] },
      levels,
    );
    expect(plan).toEqual({ level: 'regions', dimension: 'REGION', selection: { REGION: demoCodes, ANNEE: ['2024'] }, fits: false });
    expect(planMap(structure, { selection: plan!.selection, rows: [], columns: [] }, levels)?.fits).toBe(true);
    expect(
      planMap(structure, { selection: plan!.selection, rows: [], columns: [] }, [{ code: 'communes', dimension: 'COMMUNE' }]),
    ).toBeNull();
  });
});

describe.each(testDatabaseKinds)('boundaries in the database on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    await insertSmallTable(db);
  });
  afterAll(async () => {
    await database?.close();
  });

  const upload = (bytes: Buffer) =>
    uploadBoundaries(
      db,
      { level: 'regions', nameFr: 'Régions', nameEn: 'Regions', dimension: 'REGION', bytes },
      { user: null, actor: 'tests' },
    );

  it('refuses boundaries without a shape for a region of the tables, changing nothing', async () => {
    const refused = await upload(recoded({ NOR: 'R01' }));
    expect(refused).toEqual({
      ok: false,
      error: 'Fichier de limites refusé : les codes « R02 », « R03 » des tableaux n’ont pas de contour.',
    });
    expect((await db.select({ n: count() }).from(geoBoundaries))[0]!.n).toBe(0);
    expect(await latestBoundaries(db, 'regions')).toBeNull();
  });

  it('adds audited versions, the newest drawn, its areas in the topology', async () => {
    const first = await upload(recoded({ NOR: 'R01', SUD: 'R02', EST: 'R03' }));
    expect(first).toMatchObject({ ok: true, version: 1 });
    const second = await upload(recoded({ NOR: 'R01', SUD: 'R02', EST: 'R03', CAP: 'VILLE' }));
    expect(second).toMatchObject({ ok: true, version: 2 });
    const latest = await latestBoundaries(db, 'regions');
    expect(latest?.version).toBe(2);
    expect(Object.keys(latest!.names)).toContain('VILLE');
    const audits = await db.select().from(auditEntries).where(eq(auditEntries.action, 'geo.upload'));
    expect(audits.map((a) => a.summary)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Limites « Régions » : version 2 \(8 zones, geojson\)/)]),
    );
    const areas = feature(latest!.topology as Topology, (latest!.topology as Topology).objects.areas!) as unknown as {
      features: { id: string }[];
    };
    expect(areas.features.map((f) => f.id)).toContain('R01');
  });
});
