import { describe, expect, it } from 'vitest';
import { overlaps } from '@/lib/series/chart/ticks';
import { cellCountOf, strides, type TableStructure } from '../model';
import { resolveSelection, tableView, type SelectedCells, type TableRow, type TableVersionRow } from '../queries';
import { chartFontSize, tableChart } from './chart';
import { pivot } from './pivot';
import { smallStructure, smallValue } from '@/testing/tables-fixture';

/** The table's view and a selection's cells, computed as selectCells does, without a database. */
function select(structure: TableStructure, selection: Record<string, string[]>, measures?: string[]) {
  const row = {
    id: 1,
    code: 'POP_TEST',
    area: 'demographie',
    title: 'Population',
    description: '',
    source: '',
    method: '',
    notes: '',
    translations: {},
  } as unknown as TableRow;
  const version = {
    id: 1,
    number: 1,
    publishedAt: new Date('2026-01-01T00:00:00Z'),
    kind: 'revision',
    reason: '',
    structure,
    cellCount: cellCountOf(structure),
  } as unknown as TableVersionRow;
  const table = tableView(row, version, 'fr');
  const resolved = resolveSelection(structure, selection, measures);
  if (!resolved.ok) throw new Error(resolved.error.fr);
  const stride = strides(structure);
  const values: (number | null)[] = [];
  const statuses: SelectedCells['statuses'] = [];
  const walk = (axis: number, offset: number, at: number[]) => {
    if (axis === resolved.value.positions.length) {
      const [r, s, y, m] = at as [number, number, number, number];
      values.push(structure === smallStructure ? smallValue(r, s, y, m) : offset);
      statuses.push(structure === smallStructure && r === 0 && s === 0 && y === 3 && m === 0 ? 'P' : 'A');
      return;
    }
    for (const p of resolved.value.positions[axis]!) walk(axis + 1, offset + p * stride[axis]!, [...at, p]);
  };
  walk(0, 0, []);
  return { table, cells: { ...resolved.value, values, statuses, notes: { 1: { fr: 'Une note.' } } } as SelectedCells };
}

describe('the HTML table of a selection', () => {
  it('puts the chosen dimensions in rows and columns, with spans, statuses and notes', () => {
    const { table, cells } = select(smallStructure, { REGION: ['R01', 'R02'], ANNEE: ['2023', '2024'] }, ['POP']);
    const grid = pivot(table, cells, { rows: ['REGION', 'SEXE'], columns: ['ANNEE'] }, 'fr');
    expect(grid.rowDimensions).toEqual(['Région', 'Sexe']);
    expect(grid.columnHeaders).toEqual([
      {
        dimension: 'Année',
        cells: [
          { label: '2023', code: '2023', span: 1 },
          { label: '2024', code: '2024', span: 1 },
        ],
      },
    ]);
    expect(grid.rows.map((r) => [r.headers.map((h) => `${h.label}/${h.span}`), r.cells.map((c) => c.value)])).toEqual([
      [
        ['Région du Nord/2', 'Femmes/1'],
        [1002, 1003],
      ],
      [['Hommes/1'], [1102, 1103]],
      [
        ['Région du Sud/2', 'Femmes/1'],
        [2002, 2003],
      ],
      [['Hommes/1'], [2102, 2103]],
    ]);
    expect(grid.rows[0]!.cells[1]).toMatchObject({ status: 'P', marker: 'p' });
    expect(grid.rows[0]!.cells[1]!.note).toBe(1);
    expect(grid.notes).toEqual(['Une note.']);
    expect(grid.statuses).toEqual(['P']);
  });

  it('swaps rows and columns, the measures innermost in columns when several are chosen', () => {
    const { table, cells } = select(smallStructure, { REGION: ['R01'], SEXE: ['F'], ANNEE: ['2021', '2022'] });
    const grid = pivot(table, cells, { rows: ['ANNEE'], columns: ['REGION', 'SEXE'] }, 'fr');
    expect(grid.columnHeaders.map((h) => h.cells.map((c) => `${c.label}/${c.span}`))).toEqual([
      ['Région du Nord/2'],
      ['Femmes/2'],
      ['Population (habitants)/1', 'Taux de croissance (%)/1'],
    ]);
    expect(grid.rows.map((r) => r.cells.map((c) => c.value))).toEqual([
      [1000, 1.25],
      [1001, 2.5],
    ]);
  });
});

describe('the chart of a selection', () => {
  it('draws one line per combination over time, and bars across one dimension', () => {
    const { table, cells } = select(smallStructure, { REGION: ['R01', 'R02'], SEXE: ['F'] }, ['POP']);
    const line = tableChart(table, cells)!;
    expect(line.kind).toBe('line');
    expect(line.kind === 'line' && line.lines.map((l) => l.label)).toEqual(['Région du Nord', 'Région du Sud']);
    const bars = tableChart(table, select(smallStructure, { SEXE: ['M'], ANNEE: ['2024'] }, ['POP']).cells)!;
    expect(bars.kind === 'bars' && bars.bars.map((b) => b.label)).toEqual(['Région du Nord', 'Région du Sud', 'Région de l’Est']);
    // Nothing to draw for a single value, or too many lines.
    expect(tableChart(table, select(smallStructure, { REGION: ['R01'], SEXE: ['F'], ANNEE: ['2024'] }, ['POP']).cells)).toBeNull();
    expect(tableChart(table, select(smallStructure, {}, ['POP']).cells)).not.toBeNull();
  });

  it('never lets axis labels overlap: 200 years on a line, 60 long labels on bars', () => {
    const long: TableStructure = {
      dimensions: [
        {
          code: 'LIEU',
          label: { fr: 'Lieu' },
          role: 'plain',
          values: Array.from({ length: 60 }, (_, i) => ({ code: `L${i}`, label: { fr: `Commune de Saint-Quelque-Part ${i}` } })),
        },
        {
          code: 'ANNEE',
          label: { fr: 'Année' },
          role: 'time',
          values: Array.from({ length: 200 }, (_, i) => ({ code: String(1800 + i), label: { fr: String(1800 + i) } })),
        },
      ],
      measures: [{ code: 'N', label: { fr: 'Nombre' }, unit: { fr: 'personnes' }, decimals: 0 }],
    };
    const line = tableChart(select(long, { LIEU: ['L0'] }).table, select(long, { LIEU: ['L0'] }).cells)!;
    expect(line.xTicks.length).toBeGreaterThan(5);
    expect(overlaps(line.xTicks, chartFontSize, 0)).toBe(false);
    const across = select(long, { ANNEE: ['1999'] });
    const bars = tableChart(across.table, across.cells)!;
    expect(bars.kind).toBe('bars');
    expect(bars.xTicks.length).toBeGreaterThan(0);
    expect(overlaps(bars.xTicks, chartFontSize, 0)).toBe(false);
  });
});
