import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { TableFormat } from '@/lib/content/addresses';
import { resetRateLimit } from '@/lib/series/api';
import { createTestDatabase, type TestDatabase } from '@/testing/db';
import { insertBigTable, insertSmallTable, smallStructure } from '@/testing/tables-fixture';
import { clearCellCache } from '../cells';
import { getTable, pickCells } from '../queries';
import { busyRetrySeconds, formatCellBudget, largeAnswers, tableRoutes } from './api';
import { cellsPerChunk, chunkStream, tableChunks, type Extract } from './formats';
import { downloadName } from './names';

// Outside Next, the cached reads are plain functions.
vi.mock('next/cache', () => ({ cacheLife: () => {}, cacheTag: () => {} }));

const call = (path: string, headers: Record<string, string> = {}) => {
  const url = new URL(`http://localhost${path}`);
  const [, , , , id, key] = url.pathname.split('/');
  return tableRoutes.data(new Request(url, { headers }), { params: Promise.resolve({ id, ...(key ? { key } : {}) }) });
};

describe('bounded answers', () => {
  let database: TestDatabase;
  const holder = globalThis as typeof globalThis & { __insstatDb?: Promise<unknown> };
  let extract: Extract;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    holder.__insstatDb = Promise.resolve(database);
    clearCellCache();
    await insertSmallTable(database.db);
    // 300 places × 500 years: 150,000 cells, above the streamed threshold and quick to write.
    await insertBigTable(database.db, { places: 300, years: 500 });
    const table = (await getTable(database.db, 'POP_GRANDE'))!;
    // 20 places: 10,000 cells, a little more than one chunk.
    const places = table.structure.dimensions[0]!.values.slice(0, 20).map((v) => v.code);
    const picked = await pickCells(database.db, table, { LIEU: places });
    if (!picked.ok) throw new Error(picked.error.fr);
    extract = { table, cells: picked.value };
  }, 120_000);
  afterAll(async () => {
    holder.__insstatDb = undefined;
    await database.close();
  });
  beforeEach(() => resetRateLimit());

  const collect = async (format: TableFormat) => {
    const chunks: Uint8Array[] = [];
    for await (const c of tableChunks(extract, format, 'fr', { agency: 'INS' })) chunks.push(c);
    return chunks;
  };

  // A format built whole and then sent would come out as one chunk: each must come in pieces.
  it.each(['csv', 'csv-fr', 'sdmx-csv', 'jsonstat'] as const)('writes %s in pieces, each a chunk of cells', async (format) => {
    const chunks = await collect(format);
    expect(chunks.length).toBeGreaterThanOrEqual(Math.floor(extract.cells.count / cellsPerChunk) + 1);
    const text = Buffer.concat(chunks).toString('utf8');
    if (format === 'jsonstat') {
      const ds = JSON.parse(text) as { value: number[]; size: number[] };
      expect(ds.size).toEqual([20, 500, 1]);
      expect(ds.value).toHaveLength(10_000);
      // The fixture's value is the cell's index: place 1, year 1 of 500.
      expect(ds.value[501]).toBe(501);
    } else {
      const rows = parse(text.replace(/^\uFEFF/, ''), { delimiter: format === 'csv-fr' ? ';' : ',' }) as string[][];
      expect(rows).toHaveLength(10_001);
    }
  });

  it('writes XLSX with the streaming writer: pieces of a zip that Excel readers open whole', async () => {
    const chunks = await collect('xlsx');
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    // The first piece is the zip's start (a local file header), sent before the last line was written.
    expect([...chunks[0]!.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(Buffer.concat(chunks)).buffer);
    const data = book.getWorksheet('Données')!;
    expect(data.rowCount).toBe(10_001);
    expect(data.getRow(3).getCell(7).value).toBe(1);
    expect(book.getWorksheet('Notes')).toBeTruthy();
  });

  it('makes the next piece only when the reader took the last one, and frees its slot once', async () => {
    let made = 0;
    let done = 0;
    async function* counted() {
      for await (const c of tableChunks(extract, 'csv', 'fr', { agency: 'INS' })) {
        made++;
        yield c;
      }
    }
    const reader = chunkStream(counted(), () => done++).getReader();
    await reader.read();
    for (let i = 0; i < 20; i++) await nextTurn();
    // One taken, at most one more made ahead: not the file.
    expect(made).toBeLessThanOrEqual(2);
    await reader.cancel();
    expect(done).toBe(1);
  });

  it('streams a large selection through the API and gives its slot back at the end', async () => {
    const response = await call('/api/v1/tables/POP_GRANDE?format=sdmx-csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toMatch(/^W\/"/);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="POP_GRANDE.sdmx.csv"');
    expect(largeAnswers.state().busy).toBe(1);
    const reader = response.body!.getReader();
    let pieces = 0;
    let lines = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pieces++;
      for (const b of value) if (b === 10) lines++;
    }
    expect(pieces).toBeGreaterThan(10);
    expect(lines).toBe(150_001);
    expect(largeAnswers.state().busy).toBe(0);
    // The client holds it: 304 without a slot.
    const again = await call('/api/v1/tables/POP_GRANDE?format=sdmx-csv', { 'if-none-match': response.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('refuses with 503 and Retry-After, in French, when every slot and the queue are taken', async () => {
    const held = await Promise.all([largeAnswers.take(), largeAnswers.take()]);
    const queued = [1, 2, 3, 4].map(() => largeAnswers.take());
    try {
      expect(largeAnswers.state()).toEqual({ busy: 2, waiting: 4 });
      const response = await call('/api/v1/tables/POP_GRANDE?format=xlsx');
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe(String(busyRetrySeconds));
      expect(((await response.json()) as { error: string }).error).toMatch(
        /^Trop de fichiers volumineux sont en préparation : réessayez dans 15 s/,
      );
      // A small selection does not queue.
      expect((await call('/api/v1/tables/POP_TEST?format=xlsx')).status).toBe(200);
    } finally {
      held.forEach((release) => release!());
      for (const q of queued) (await q)!();
    }
    expect(largeAnswers.state()).toEqual({ busy: 0, waiting: 0 });
  });

  it('refuses a selection above its format’s budget with a 413 naming the limit, before reading a cell', async () => {
    const saved = formatCellBudget.xlsx;
    formatCellBudget.xlsx = 100_000;
    try {
      clearCellCache();
      const response = await call('/api/v1/tables/POP_GRANDE?format=xlsx');
      expect(response.status).toBe(413);
      expect(((await response.json()) as { error: string }).error).toBe(
        'La sélection compte 150\u202f000 cellules : au format xlsx, une réponse en contient 100\u202f000 au plus. Réduisez-la ou choisissez le format csv.',
      );
      expect(largeAnswers.state().busy).toBe(0);
      // The same selection in CSV is within its budget.
      const csv = await call('/api/v1/tables/POP_GRANDE?format=csv');
      expect(csv.status).toBe(200);
      await csv.body!.cancel();
    } finally {
      formatCellBudget.xlsx = saved;
    }
  });

  it('names files after the selection, the periods and the language', async () => {
    const name = async (path: string) => (await call(path)).headers.get('content-disposition');
    expect(await name('/api/v1/tables/POP_TEST/.F.?format=xlsx&lastNObservations=3&lang=en')).toBe(
      'attachment; filename="POP_TEST_F_derniers-3_en.xlsx"',
    );
    expect(await name('/api/v1/tables/POP_TEST?format=csv&startPeriod=2022&endPeriod=2023')).toBe(
      'attachment; filename="POP_TEST_depuis-2022_jusqu-a-2023.csv"',
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(await name(`/api/v1/tables/POP_TEST/R01+R02..?format=sdmx-csv&asOf=${today}`)).toBe(
      `attachment; filename="POP_TEST_R01-R02_au-${today}.sdmx.csv"`,
    );
    // Different selections, different names; long ones cut with a digest.
    const names = new Set(
      [['R01'], ['R02'], ['R01', 'R02'], ['R02', 'R01']].map((r) => downloadName(smallStructure, 'POP_TEST', { REGION: r }, undefined, {})),
    );
    expect(names).toEqual(new Set(['POP_TEST_R01', 'POP_TEST_R02', 'POP_TEST_R01-R02']));
    const many = (n: number) => ({ LIEU: Array.from({ length: n }, (_, i) => `L${String(i).padStart(4, '0')}`) });
    const big = extract.table.structure;
    const a = downloadName(big, 'POP_GRANDE', many(40), undefined, {});
    const b = downloadName(big, 'POP_GRANDE', many(41), undefined, {});
    expect(a.length).toBeLessThanOrEqual(120);
    expect(a).not.toBe(b);
  });

  it('carries coded units: SDMX-CSV UNIT_MEASURE and UNIT_MULT, JSON-stat’s metric dimension', async () => {
    const text = await (await call('/api/v1/tables/POP_TEST?format=sdmx-csv')).text();
    const [header, ...rows] = parse(text) as string[][];
    const unit = header!.indexOf('UNIT_MEASURE');
    const mult = header!.indexOf('UNIT_MULT');
    expect(new Set(rows.map((r) => `${r[header!.indexOf('MEASURE')]}:${r[unit]}:${r[mult]}`))).toEqual(new Set(['POP:PS:0', 'TAUX:PC:0']));
    const ds = (await (await call('/api/v1/tables/POP_TEST?lang=en')).json()) as {
      dimension: { MEASURE: { extension: { unit: Record<string, unknown> } } };
    };
    expect(ds.dimension.MEASURE.extension.unit.POP).toEqual({ UNIT_MEASURE: 'PS', UNIT_MULT: 0, label: 'persons' });
  });
});
