import { execFileSync } from 'node:child_process';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRateLimit } from '@/lib/series/api';
import { createTestDatabase, type TestDatabase } from '@/testing/db';
import { insertBigTable, insertSmallTable, smallStructure, smallValue } from '@/testing/tables-fixture';
import { clearCellCache } from '@/lib/tables/cells';
import { cellCountOf } from '@/lib/tables/model';
import { createTable, writeTableVersion } from '@/lib/tables/versions';
import { users } from '@/lib/db/schema';
import { sdmxGet } from './service';

// Outside Next, the cached reads are plain functions.
vi.mock('next/cache', () => ({ cacheLife: () => {}, cacheTag: () => {} }));

const get = (path: string, headers: Record<string, string> = {}) => sdmxGet(new Request(`http://localhost/sdmx/rest/${path}`, { headers }));

/** xmllint's verdict on the text: null when well-formed, else its message. */
function xmllint(xml: string): string | null {
  try {
    execFileSync('xmllint', ['--noout', '-'], { input: xml, stdio: ['pipe', 'pipe', 'pipe'] });
    return null;
  } catch (e) {
    return String((e as { stderr?: Buffer }).stderr ?? e);
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && !['Header', 'Structures', 'DataSet'].includes(name),
});
type Node = Record<string, unknown>;
const xml = (text: string) => parser.parse(text) as Node;
const list = (node: unknown, ...path: string[]): Node[] => {
  let current: unknown[] = [node];
  for (const step of path) current = current.flatMap((n) => ((n as Node)[step] as unknown[] | undefined) ?? []);
  return current as Node[];
};

/** The SDMX error code of an error answer (and checks it is a well-formed SDMX-ML error message in French). */
async function errorCode(response: Response): Promise<number> {
  const text = await response.text();
  expect(xmllint(text)).toBeNull();
  const message = list(xml(text), 'Error', 'ErrorMessage')[0]!;
  expect((message.Text as Node[])[0]!['@lang']).toBe('fr');
  return Number(message['@code']);
}

describe('the SDMX REST service', () => {
  let database: TestDatabase;
  const holder = globalThis as typeof globalThis & { __insstatDb?: Promise<unknown> };

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    holder.__insstatDb = Promise.resolve(database);
    clearCellCache();
    await insertSmallTable(database.db);
    await insertBigTable(database.db, { places: 30, years: 5, code: 'POP_LIEUX' });
    await insertBigTable(database.db, { places: 1001, years: 1000, code: 'POP_GRANDE' });
  }, 180_000);
  afterAll(async () => {
    holder.__insstatDb = undefined;
    await database.close();
  });
  beforeEach(() => resetRateLimit());
  afterEach(() => vi.useRealTimers());

  it('lists every public table as a dataflow with its names in French and English, with or without the trailing slash', async () => {
    const response = await get('dataflow/all/all/latest/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/vnd\.sdmx\.structure\+xml/);
    expect(response.headers.get('etag')).toBeTruthy();
    const text = await response.text();
    expect(xmllint(text)).toBeNull();
    const flows = list(xml(text), 'Structure', 'Structures', 'Dataflows', 'Dataflow');
    expect(flows.map((f) => f['@id'])).toEqual(['DF_POP_GRANDE', 'DF_POP_LIEUX', 'DF_POP_TEST']);
    const test = flows.find((f) => f['@id'] === 'DF_POP_TEST')!;
    expect(test).toMatchObject({ '@agencyID': 'INSSTAT', '@version': '1.0' });
    expect((test.Name as Node[]).map((n) => [n['@lang'], n['#text']])).toEqual([
      ['fr', 'Population par région, sexe et année'],
      ['en', 'Population par région, sexe et année (EN)'],
    ]);
    expect(list(test, 'Structure', 'Ref')[0]).toMatchObject({ '@id': 'DSD_POP_TEST', '@class': 'DataStructure' });
    const bare = await (await get('dataflow')).text();
    expect(list(xml(bare), 'Structure', 'Structures', 'Dataflows', 'Dataflow')).toHaveLength(3);
    expect((await get('dataflow/INSSTAT/DF_POP_TEST')).status).toBe(200);
    expect(await errorCode(await get('dataflow/INSSTAT/DF_NOPE/latest'))).toBe(100);
    expect((await get('dataflow/OTHER/all/latest')).status).toBe(404);
    expect((await get('dataflow/INSSTAT/DF_POP_TEST/2.0')).status).toBe(404);
  });

  it('gives a data structure its dimensions from the table, time, the measure and the attributes, with its codelists as children', async () => {
    const text = await (await get('datastructure/INSSTAT/DSD_POP_TEST/latest/?references=children')).text();
    expect(xmllint(text)).toBeNull();
    const structures = list(xml(text), 'Structure', 'Structures')[0]!;
    const dsd = list(structures, 'DataStructures', 'DataStructure')[0]!;
    const components = list(dsd, 'DataStructureComponents')[0]!;
    expect(list(components, 'DimensionList', 'Dimension').map((d) => [d['@id'], d['@position']])).toEqual([
      ['REGION', '1'],
      ['SEXE', '2'],
      ['MEASURE', '3'],
    ]);
    expect(list(components, 'DimensionList', 'TimeDimension')[0]!['@id']).toBe('TIME_PERIOD');
    expect(list(components, 'MeasureList', 'PrimaryMeasure')[0]!['@id']).toBe('OBS_VALUE');
    expect(list(components, 'AttributeList', 'Attribute').map((a) => a['@id'])).toEqual([
      'OBS_STATUS',
      'UNIT_MEASURE',
      'UNIT_MULT',
      'DECIMALS',
    ]);
    const region = list(components, 'DimensionList', 'Dimension')[0]!;
    expect(list(region, 'LocalRepresentation', 'Enumeration', 'Ref')[0]!['@id']).toBe('CL_POP_TEST_REGION');
    const codelists = list(structures, 'Codelists', 'Codelist');
    expect(codelists.map((c) => c['@id']).sort()).toEqual([
      'CL_OBS_STATUS',
      'CL_POP_TEST_MEASURE',
      'CL_POP_TEST_REGION',
      'CL_POP_TEST_SEXE',
      'CL_UNIT',
      'CL_UNIT_MULT',
    ]);
    const regions = list(
      codelists.find((c) => c['@id'] === 'CL_POP_TEST_REGION'),
      'Code',
    );
    expect(regions.map((c) => c['@id'])).toEqual(smallStructure.dimensions[0]!.values.map((v) => v.code));
    expect((regions[0]!.Name as Node[]).map((n) => n['#text'])).toEqual(['Région du Nord', 'Northern Region']);
    expect(list(structures, 'Concepts', 'ConceptScheme', 'Concept').map((c) => c['@id'])).toContain('TIME_PERIOD');
    // No references: the structure alone; stubs: names only, marked external.
    const alone = list(xml(await (await get('datastructure/INSSTAT/DSD_POP_TEST')).text()), 'Structure', 'Structures')[0]!;
    expect(Object.keys(alone)).toEqual(['DataStructures']);
    const stubs = list(
      xml(await (await get('dataflow/INSSTAT/DF_POP_TEST/latest?references=descendants&detail=referencestubs')).text()),
      'Structure',
      'Structures',
    )[0]!;
    expect(list(stubs, 'Dataflows', 'Dataflow')[0]!['@isExternalReference']).toBeUndefined();
    expect(list(stubs, 'DataStructures', 'DataStructure')[0]).toMatchObject({ '@isExternalReference': 'true' });
    expect(list(stubs, 'DataStructures', 'DataStructure', 'DataStructureComponents')).toHaveLength(0);
    expect(list(stubs, 'Codelists', 'Codelist').length).toBe(6);
    // A codelist's parents: the structure that uses it; one of its codes.
    const parents = list(
      xml(await (await get('codelist/INSSTAT/CL_POP_TEST_SEXE/latest?references=parents')).text()),
      'Structure',
      'Structures',
    )[0]!;
    expect(list(parents, 'DataStructures', 'DataStructure').map((d) => d['@id'])).toEqual(['DSD_POP_TEST']);
    const one = list(
      xml(await (await get('codelist/INSSTAT/CL_POP_TEST_SEXE/latest/F')).text()),
      'Structure',
      'Structures',
      'Codelists',
      'Codelist',
      'Code',
    );
    expect(one.map((c) => c['@id'])).toEqual(['F']);
    expect((await get('conceptscheme/INSSTAT/CS_POP_TEST/1.0')).status).toBe(200);
  });

  it('answers data by key and period in GenericData by default, the values of the table', async () => {
    const response = await get('data/DF_POP_TEST/R01+R03.F.POP/all/?startPeriod=2022&endPeriod=2023');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/vnd\.sdmx\.genericdata\+xml/);
    const text = await response.text();
    expect(xmllint(text)).toBeNull();
    const series = list(xml(text), 'GenericData', 'DataSet')[0]!.Series as Node[];
    expect(series).toHaveLength(2);
    const keyOf = (s: Node) => list(s, 'SeriesKey', 'Value').map((v) => `${v['@id']}=${v['@value']}`);
    expect(keyOf(series[1]!)).toEqual(['REGION=R03', 'SEXE=F', 'MEASURE=POP']);
    expect(list(series[1], 'Attributes', 'Value').map((v) => [v['@id'], v['@value']])).toEqual([
      ['UNIT_MEASURE', 'PS'],
      ['UNIT_MULT', '0'],
      ['DECIMALS', '0'],
    ]);
    const obs = list(series[1], 'Obs');
    expect(obs.map((o) => list(o, 'ObsDimension')[0]!['@value'])).toEqual(['2022', '2023']);
    expect(obs.map((o) => Number(list(o, 'ObsValue')[0]!['@value']))).toEqual([smallValue(2, 0, 1, 0), smallValue(2, 0, 2, 0)]);
    // The missing cell: NaN with its status.
    const missing = list(
      xml(await (await get('data/DF_POP_TEST/R02.M.POP?lastNObservations=1')).text()),
      'GenericData',
      'DataSet',
      'Series',
      'Obs',
    )[0]!;
    expect(list(missing, 'ObsValue')[0]!['@value']).toBe('NaN');
    expect(list(missing, 'Attributes', 'Value')[0]).toMatchObject({ '@id': 'OBS_STATUS', '@value': 'O' });
  });

  it('matches keys: + and empty positions, all, first/lastNObservations, unknown codes, and the key’s length', async () => {
    const seriesCount = async (path: string) => list(xml(await (await get(path)).text()), 'GenericData', 'DataSet', 'Series').length;
    expect(await seriesCount('data/DF_POP_TEST/all')).toBe(12);
    expect(await seriesCount('data/DF_POP_TEST/R01+R02+R03..')).toBe(12);
    expect(await seriesCount('data/DF_POP_TEST/.F.')).toBe(6);
    expect(await seriesCount('data/DF_POP_TEST/R01+R02..TAUX')).toBe(4);
    expect(await seriesCount('data/DF_POP_TEST/R01+R99..TAUX')).toBe(2);
    const last = list(xml(await (await get('data/DF_POP_TEST/.M.POP?lastNObservations=1')).text()), 'GenericData', 'DataSet', 'Series');
    expect(last.map((s) => list(s, 'Obs').map((o) => list(o, 'ObsDimension')[0]!['@value']))).toEqual([['2024'], ['2024'], ['2024']]);
    const first = list(
      xml(await (await get('data/DF_POP_TEST/R01.M.POP?firstNObservations=2')).text()),
      'GenericData',
      'DataSet',
      'Series',
      'Obs',
    );
    expect(first.map((o) => list(o, 'ObsDimension')[0]!['@value'])).toEqual(['2021', '2022']);
    expect(await errorCode(await get('data/DF_POP_TEST/R99..'))).toBe(100);
    expect((await get('data/DF_POP_TEST/R99..')).status).toBe(404);
    expect(await errorCode(await get('data/DF_POP_TEST/R01.F'))).toBe(150);
    expect((await get('data/DF_POP_TEST/R01.F')).status).toBe(400);
    expect(await errorCode(await get('data/DF_POP_TEST/all?startPeriod=2030'))).toBe(100);
    expect(await errorCode(await get('data/DF_NOPE/all'))).toBe(100);
    expect(await errorCode(await get('data/OTHER,DF_POP_TEST,1.0/all'))).toBe(100);
    expect(await errorCode(await get('data/DF_POP_TEST/all/OTHER'))).toBe(100);
    expect(await errorCode(await get('data/DF_POP_TEST/all?lastNObservations=x'))).toBe(140);
    expect(await errorCode(await get('data/DF_POP_TEST/all?updatedAfter=2999-01-01'))).toBe(100);
    expect((await get('data/DF_POP_TEST/all?updatedAfter=2000-01-01')).status).toBe(200);
  });

  it('writes dimensionAtObservation=AllDimensions, detail, StructureSpecificData, SDMX-JSON and SDMX-CSV', async () => {
    const flat = list(
      xml(await (await get('data/DF_POP_TEST/R01.F.POP?dimensionAtObservation=AllDimensions')).text()),
      'GenericData',
      'DataSet',
    )[0]!;
    expect(flat.Series).toBeUndefined();
    expect(list(flat, 'Obs', 'ObsKey')[0]!.Value).toHaveLength(4);
    const keys = list(xml(await (await get('data/DF_POP_TEST/R01..?detail=serieskeysonly')).text()), 'GenericData', 'DataSet', 'Series');
    expect(keys).toHaveLength(4);
    expect(list(keys, 'Obs')).toHaveLength(0);
    const bare = list(xml(await (await get('data/DF_POP_TEST/R01.F.POP?detail=dataonly')).text()), 'GenericData', 'DataSet', 'Series')[0]!;
    expect(bare.Attributes).toBeUndefined();
    expect(list(bare, 'Obs')).toHaveLength(4);
    expect(await errorCode(await get('data/DF_POP_TEST/all?dimensionAtObservation=NOPE'))).toBe(150);

    const ss = await get('data/DF_POP_TEST/R01.F.POP', { accept: 'application/vnd.sdmx.structurespecificdata+xml;version=2.1' });
    expect(ss.headers.get('content-type')).toMatch(/^application\/vnd\.sdmx\.structurespecificdata\+xml/);
    const ssText = await ss.text();
    expect(xmllint(ssText)).toBeNull();
    const ssSeries = list(xml(ssText), 'StructureSpecificData', 'DataSet', 'Series')[0]!;
    expect(ssSeries).toMatchObject({ '@REGION': 'R01', '@SEXE': 'F', '@MEASURE': 'POP', '@UNIT_MEASURE': 'PS' });
    expect(list(ssSeries, 'Obs').map((o) => Number(o['@OBS_VALUE']))).toEqual([0, 1, 2, 3].map((y) => smallValue(0, 0, y, 0)));

    const json = (await (await get('data/DF_POP_TEST/R01.F.TAUX', { accept: 'application/vnd.sdmx.data+json;version=1.0.0' })).json()) as {
      dataSets: { series: Record<string, { observations: Record<string, [number | null, number]> }> }[];
      structure: { dimensions: { series: { id: string }[]; observation: { id: string; values: { id: string }[] }[] } };
    };
    expect(json.structure.dimensions.series.map((d) => d.id)).toEqual(['REGION', 'SEXE', 'MEASURE']);
    expect(json.structure.dimensions.observation[0]!.values.map((v) => v.id)).toEqual(['2021', '2022', '2023', '2024']);
    expect(Object.values(json.dataSets[0]!.series['0:0:0']!.observations).map((o) => o[0])).toEqual([1.3, 2.5, 3.8, 5]);

    const csv = await get('data/DF_POP_TEST/R01.F.POP', { accept: 'application/vnd.sdmx.data+csv' });
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'STRUCTURE,STRUCTURE_ID,ACTION,REGION,SEXE,TIME_PERIOD,MEASURE,OBS_VALUE,OBS_STATUS,UNIT_MEASURE,UNIT_MULT,DECIMALS',
    );
    expect(lines).toHaveLength(5);
    // Every format, at every level of observation and detail, reads back (XML well-formed, JSON parsed).
    for (const accept of [
      'application/vnd.sdmx.genericdata+xml',
      'application/vnd.sdmx.structurespecificdata+xml',
      'application/vnd.sdmx.data+json',
    ]) {
      for (const at of ['TIME_PERIOD', 'AllDimensions', 'MEASURE']) {
        for (const detail of ['full', 'dataonly', 'serieskeysonly', 'nodata']) {
          const text = await (await get(`data/DF_POP_TEST/R01+R02..?dimensionAtObservation=${at}&detail=${detail}`, { accept })).text();
          if (accept.endsWith('json')) expect(() => JSON.parse(text), `${accept} ${at} ${detail}`).not.toThrow();
          else expect(xmllint(text), `${accept} ${at} ${detail}`).toBeNull();
        }
      }
    }
    expect(await errorCode(await get('data/DF_POP_TEST/all', { accept: 'text/html' }))).toBe(406);
    expect((await get('dataflow', { accept: 'application/vnd.sdmx.structure+json' })).status).toBe(406);
  });

  it('answers availableconstraint with the codes that have values', async () => {
    const text = await (await get('availableconstraint/DF_POP_TEST/R01../all/all?mode=exact')).text();
    expect(xmllint(text)).toBeNull();
    const constraint = list(xml(text), 'Structure', 'Structures', 'Constraints', 'ContentConstraint')[0]!;
    const values = Object.fromEntries(list(constraint, 'CubeRegion', 'KeyValue').map((k) => [k['@id'], k.Value ?? k.TimeRange]));
    expect(values.REGION).toEqual(['R01']);
    expect(values.SEXE).toEqual(['F', 'M']);
    const available = list(
      xml(await (await get('availableconstraint/DF_POP_TEST/R01../all/REGION?mode=available')).text()),
      'Structure',
      'Structures',
      'Constraints',
      'ContentConstraint',
      'CubeRegion',
      'KeyValue',
    );
    expect(available.map((k) => [k['@id'], k.Value])).toEqual([['REGION', ['R01', 'R02', 'R03']]]);
  });

  it('refuses a selection above the tables API’s limit with 413 and SDMX code 510, before reading a cell', async () => {
    const response = await get('data/DF_POP_GRANDE/all');
    expect(response.status).toBe(413);
    expect(await errorCode(response)).toBe(510);
    // Within the limit, the large answer is streamed (and complete).
    const streamed = await get(
      'data/DF_POP_GRANDE/L0000+L0001+L0002+L0003+L0004+L0005+L0006+L0007+L0008+L0009+L0010+L0011+L0012+L0013+L0014+L0015+L0016+L0017+L0018+L0019+L0020+L0021+L0022+L0023+L0024+L0025+L0026+L0027+L0028+L0029+L0030+L0031+L0032+L0033+L0034+L0035+L0036+L0037+L0038+L0039+L0040+L0041+L0042+L0043+L0044+L0045+L0046+L0047+L0048+L0049+L0050+L0051+L0052+L0053+L0054+L0055+L0056+L0057+L0058+L0059+L0060+L0061+L0062+L0063+L0064+L0065+L0066+L0067+L0068+L0069+L0070+L0071+L0072+L0073+L0074+L0075+L0076+L0077+L0078+L0079+L0080+L0081+L0082+L0083+L0084+L0085+L0086+L0087+L0088+L0089+L0090+L0091+L0092+L0093+L0094+L0095+L0096+L0097+L0098+L0099+L0100.',
      {
        accept: 'application/vnd.sdmx.structurespecificdata+xml',
      },
    );
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get('etag')).toMatch(/^W\//);
    const body = await streamed.text();
    expect(xmllint(body)).toBeNull();
    expect(body.match(/<Obs /g)).toHaveLength(101 * 1000);
  }, 120_000);

  it('shows a table under embargo nowhere before its minute, and everywhere after it', async () => {
    const [user] = await database.db
      .insert(users)
      .values({ name: 'Embargo', email: 'embargo-sdmx@example.org' })
      .returning({ id: users.id, name: users.name, email: users.email });
    const actor = { user: user!, ip: '127.0.0.1' };
    const created = await createTable(database.db, {
      meta: { code: 'POP_EMBARGO', area: 'demographie', title: 'Tableau sous embargo', description: '', source: '', method: '', notes: '' },
      english: {},
      actor,
    });
    expect(created.ok).toBe(true);
    const at = new Date(Date.now() + 3_600_000);
    const n = cellCountOf(smallStructure);
    const written = await writeTableVersion(database.db, {
      code: 'POP_EMBARGO',
      source: { payload: { structure: smallStructure, values: new Float64Array(n).fill(7), statuses: new Uint8Array(n), notes: {} } },
      kind: 'revision',
      reason: 'Première publication.',
      actor,
      approver: true,
      publishAt: at,
    });
    expect(written.ok).toBe(true);
    const flows = async () =>
      list(xml(await (await get('dataflow/all/all/latest')).text()), 'Structure', 'Structures', 'Dataflows', 'Dataflow').map(
        (f) => f['@id'],
      );
    expect(await flows()).not.toContain('DF_POP_EMBARGO');
    expect((await get('data/DF_POP_EMBARGO/all')).status).toBe(404);
    expect((await get('datastructure/INSSTAT/DSD_POP_EMBARGO')).status).toBe(404);
    vi.useFakeTimers({ toFake: ['Date'], now: at.getTime() + 1000 });
    expect(await flows()).toContain('DF_POP_EMBARGO');
    expect((await get('data/DF_POP_EMBARGO/R01.F.POP')).status).toBe(200);
  });

  it('never answers 500, whatever the path, parameters and Accept (200 random requests)', async () => {
    const parts = [
      'data',
      'dataflow',
      'datastructure',
      'codelist',
      'conceptscheme',
      'availableconstraint',
      'all',
      'latest',
      'INSSTAT',
      'DF_POP_TEST',
      'DSD_POP_TEST',
      'CL_POP_TEST_REGION',
      'R01',
      '..',
      'R01.F.POP',
      'R01+R02..',
      '+',
      '.',
      '%',
      '%zz',
      '%C3%A9',
      '1.0',
      '',
      '~',
      '*',
      'x'.repeat(300),
      'DF_',
      'DF_POP_TEST,1.0',
      'INSSTAT,DF_POP_TEST,9',
      '<a>',
      '"',
      "'",
      '\u0000',
    ];
    const params = [
      'startPeriod',
      'endPeriod',
      'lastNObservations',
      'firstNObservations',
      'updatedAfter',
      'dimensionAtObservation',
      'detail',
      'references',
      'mode',
      'format',
      'x',
    ];
    const values = [
      '2020',
      '2020-Q5',
      '-1',
      '0',
      '1',
      '99999999999',
      'AllDimensions',
      'REGION',
      'full',
      'children',
      'all',
      '',
      'NaN',
      '2020-13',
      '2020-01-01T00:00:00Z',
      'serieskeysonly',
      '%',
    ];
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(a: T[]) => a[Math.floor(random() * a.length)]!;
    for (let i = 0; i < 200; i++) {
      resetRateLimit();
      const path = Array.from({ length: 1 + Math.floor(random() * 5) }, () =>
        encodeURIComponent(pick(parts)).replace('%25', random() < 0.5 ? '%' : '%25'),
      ).join('/');
      const query = Array.from({ length: Math.floor(random() * 3) }, () => `${pick(params)}=${encodeURIComponent(pick(values))}`).join('&');
      const accept = pick([
        '',
        'application/xml',
        'application/vnd.sdmx.data+json',
        'text/html',
        'application/vnd.sdmx.data+csv',
        '*/*;q=0',
        'application/vnd.sdmx.structurespecificdata+xml',
      ]);
      let response: Response;
      try {
        response = await sdmxGet(
          new Request(`http://localhost/sdmx/rest/${path}${query ? `?${query}` : ''}`, { headers: accept ? { accept } : {} }),
        );
      } catch (e) {
        throw new Error(`${path}?${query}: ${String(e)}`);
      }
      expect(response.status, `${path}?${query}`).not.toBe(500);
      expect([200, 400, 404, 406, 413, 501], `${path}?${query}`).toContain(response.status);
      if (response.status !== 200) expect(xmllint(await response.text()), `${path}?${query}`).toBeNull();
      else await response.body?.cancel();
    }
  }, 120_000);
});
