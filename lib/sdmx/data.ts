/**
 * Data queries (pure but for the cells handed in): the key and periods of a query turned into a
 * selection of the table (the same `pickCells` the tables API reads), then the observations
 * written series by series as SDMX-ML 2.1 GenericData, StructureSpecificData or SDMX-JSON 1.0,
 * in chunks of `cellsPerChunk` observations with a turn of the event loop between them (so a
 * million observations never exist as one string). SDMX-CSV is the tables' own writer.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PickedCells, Selection } from '@/lib/tables/queries';
import { statusOfByte } from '@/lib/tables/cells';
import { labelIn } from '@/lib/tables/model';
import { cellsPerChunk } from '@/lib/tables/read/formats';
import { periodMonths } from '@/lib/tables/read/selection';
import type { Locale } from '@/lib/i18n/locales';
import { primaryMeasure, sdmxAgency, sdmxVersion, sender, timeDimension, type Flow } from './model';
import type { DataDetail, DataQuery } from './request';
import { SdmxError } from './errors';
import { esc, header, messageId, ns, sdmxInstant } from './xml';

/** What a data query picks in a table: its selection, and the periods kept. */
export type DataChoice = { selection: Selection; measures?: string[]; periods: string[] };

/** First and last month of an SDMX period in any of its notations (days and `A1`/`M10` too). */
export function periodRange(p: string): [number, number] | null {
  const day = /^(\d{4})-(\d{2})-\d{2}$/.exec(p);
  if (day) return periodMonths(`${day[1]}-${day[2]}`);
  return periodMonths(p.replace(/-A1$/, '').replace(/-M(\d{2})$/, '-$1'));
}

/**
 * The table's selection of a key (positions: the flow's key dimensions) and of the periods. A
 * code the dimension does not have matches nothing (a key is a filter); a position left with no
 * known code, or no period left, is « no results » (100). A key of the wrong length is a semantic error.
 */
export function chooseData(
  flow: Flow,
  key: string[][] | null,
  q: Pick<DataQuery, 'startPeriod' | 'endPeriod' | 'firstNObservations' | 'lastNObservations'>,
): DataChoice {
  const selection: Record<string, string[]> = {};
  let measures: string[] | undefined;
  if (key) {
    if (key.length !== flow.dimensions.length)
      throw new SdmxError(
        150,
        `La clé compte ${key.length} position(s) au lieu de ${flow.dimensions.length} : ${flow.dimensions.map((d) => d.id).join('.')} ` +
          '(séparées par des points, « + » entre plusieurs codes, une position vide pour tous).',
      );
    key.forEach((codes, i) => {
      if (codes.length === 0) return;
      const d = flow.dimensions[i]!;
      const known = new Set(flow.codelists[i]!.items.map((c) => c.id));
      const kept = codes.filter((c) => known.has(c));
      if (kept.length === 0) throw new SdmxError(100, `Aucun résultat : ${d.id} n’a pas le code ${codes.join('+').slice(0, 100)}.`);
      if (d.source.kind === 'measure') measures = kept;
      else selection[flow.table.structure.dimensions[d.source.index]!.code] = kept;
    });
  }
  let periods = flow.time.periods;
  const from = q.startPeriod ? periodRange(q.startPeriod) : null;
  const to = q.endPeriod ? periodRange(q.endPeriod) : null;
  if (from) periods = periods.filter((p) => periodMonths(p)![1] >= from[0]);
  if (to) periods = periods.filter((p) => periodMonths(p)![0] <= to[1]);
  if (q.firstNObservations || q.lastNObservations) {
    const first = q.firstNObservations ? periods.slice(0, q.firstNObservations) : [];
    const last = q.lastNObservations ? periods.slice(-q.lastNObservations) : [];
    periods = periods.filter((p) => first.includes(p) || last.includes(p));
  }
  if (periods.length === 0) throw new SdmxError(100, 'Aucun résultat : aucune période du tableau dans l’intervalle demandé.');
  selection[flow.table.structure.dimensions[flow.time.index]!.code] = periods;
  return { selection, measures, periods };
}

/** The observations' order: axes are the table's (its dimensions, then the measures last). */
export type Layout = {
  /** The flow's dimensions in SDMX order (key dimensions, then time) as table axes, with their ids. */
  axes: { id: string; axis: number }[];
  series: number[];
  obs: number[];
  measureAxis: number;
  /** Whether the unit attributes go with the series (the measure is in the series key). */
  unitsOnSeries: boolean;
};

/** Which dimensions are at the observation: `TIME_PERIOD`, `AllDimensions`, or one dimension's id (else a semantic error). */
export function layoutOf(flow: Flow, dimensionAtObservation: string): Layout {
  const measureAxis = flow.table.structure.dimensions.length;
  const axes = [
    ...flow.dimensions.map((d) => ({ id: d.id, axis: d.source.kind === 'measure' ? measureAxis : d.source.index })),
    { id: timeDimension, axis: flow.time.index },
  ];
  let obs: number[];
  if (dimensionAtObservation === 'AllDimensions') obs = axes.map((a) => a.axis);
  else {
    const found = axes.find((a) => a.id === dimensionAtObservation);
    if (!found)
      throw new SdmxError(
        150,
        `dimensionAtObservation : ${dimensionAtObservation.slice(0, 60)} n’est pas une dimension du flux (${axes.map((a) => a.id).join(', ')} ou AllDimensions).`,
      );
    obs = [found.axis];
  }
  const series = axes.map((a) => a.axis).filter((a) => !obs.includes(a));
  return { axes, series, obs, measureAxis, unitsOnSeries: series.includes(measureAxis) };
}

/** A selection ready to be written: the flow, its picked cells and their order. */
export type DataSet = { flow: Flow; cells: PickedCells; layout: Layout; detail: DataDetail; lang: Locale; now: Date; obsAtAll: boolean };

/** The code at position `i` (in the selection) of table axis `axis`. */
function codeAt(x: DataSet, axis: number, i: number): string {
  const p = x.cells.positions[axis]![i]!;
  return axis === x.layout.measureAxis
    ? x.flow.table.structure.measures[p]!.code
    : x.flow.table.structure.dimensions[axis]!.values[p]!.code;
}

/** Row-major strides of the picked cells. */
function pickedStrides(cells: PickedCells): number[] {
  const out = new Array<number>(cells.size.length).fill(1);
  for (let a = cells.size.length - 2; a >= 0; a--) out[a] = out[a + 1]! * cells.size[a + 1]!;
  return out;
}

/** Every combination of `axes` (the last moving fastest), as selection indices per table axis (the same array, moved on). */
function* combinations(cells: PickedCells, axes: number[], idx: number[]): Generator<void> {
  for (const a of axes) idx[a] = 0;
  if (axes.some((a) => cells.size[a] === 0)) return;
  while (true) {
    yield;
    let k = axes.length - 1;
    for (; k >= 0; k--) {
      const a = axes[k]!;
      idx[a]! += 1;
      if (idx[a]! < cells.size[a]!) break;
      idx[a] = 0;
    }
    if (k < 0) return;
  }
}

type Obs = { n: number; idx: number[] };
type SeriesEvent = { idx: number[]; observations: () => Generator<Obs> };

/** The series of a data set in order, each with a generator of its observations. */
function* seriesOf(x: DataSet): Generator<SeriesEvent> {
  const stride = pickedStrides(x.cells);
  const idx = new Array<number>(x.cells.size.length).fill(0);
  const offset = () => idx.reduce((s, i, a) => s + i * stride[a]!, 0);
  for (const _ of combinations(x.cells, x.layout.series, idx)) {
    void _;
    yield {
      idx,
      observations: function* () {
        for (const __ of combinations(x.cells, x.layout.obs, idx)) {
          void __;
          yield { n: offset(), idx };
        }
      },
    };
  }
}

const measureOf = (x: DataSet, idx: number[]) =>
  x.flow.table.measures[x.cells.positions[x.layout.measureAxis]![idx[x.layout.measureAxis]!]!]!;
const valueText = (x: DataSet, n: number, decimals: number) =>
  Number.isNaN(x.cells.values[n]!) ? 'NaN' : x.cells.values[n]!.toFixed(decimals);
const statusAt = (x: DataSet, n: number) => (x.cells.statuses ? statusOfByte(x.cells.statuses[n]!) : 'A');
const unitAttributes = (x: DataSet, idx: number[]): [string, string][] => {
  const m = measureOf(x, idx);
  return [
    ['UNIT_MEASURE', m.unitCode],
    ['UNIT_MULT', String(m.unitMult)],
    ['DECIMALS', String(m.decimals)],
  ];
};
const withAttributes = (d: DataDetail) => d === 'full' || d === 'nodata';
const withObservations = (d: DataDetail) => d === 'full' || d === 'dataonly';

/** The data message's `message:Structure` (the DSD it follows, which dimension is at the observation). */
function structureHeader(x: DataSet, specific: boolean): string {
  const at = x.obsAtAll ? 'AllDimensions' : x.layout.axes.find((a) => a.axis === x.layout.obs[0])!.id;
  const urn = `urn:sdmx:org.sdmx.infomodel.datastructure.DataStructure=${sdmxAgency}:${x.flow.dsd}(${sdmxVersion})`;
  return (
    `<message:Structure structureID="${esc(x.flow.dsd)}"${specific ? ` namespace="${esc(`${urn}:ObsLevelDim:${at}`)}"` : ''} dimensionAtObservation="${esc(at)}">` +
    `<common:Structure><Ref agencyID="${sdmxAgency}" id="${esc(x.flow.dsd)}" version="${sdmxVersion}"/></common:Structure>` +
    '</message:Structure>'
  );
}

/** SDMX-ML 2.1 GenericData. */
export async function* genericData(x: DataSet): AsyncGenerator<string> {
  yield (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<message:GenericData xmlns:message="${ns.message}" xmlns:generic="${ns.generic}" xmlns:common="${ns.common}" xmlns:xml="${ns.xml}">` +
    header(messageId('DATA', x.now), x.now, sender, structureHeader(x, false)) +
    `<message:DataSet structureRef="${esc(x.flow.dsd)}" action="Information">`
  );
  const values = (pairs: [string, string][]) => pairs.map(([id, v]) => `<generic:Value id="${esc(id)}" value="${esc(v)}"/>`).join('');
  const attrs = (pairs: [string, string][]) => (pairs.length > 0 ? `<generic:Attributes>${values(pairs)}</generic:Attributes>` : '');
  const ids = (axes: number[], idx: number[]): [string, string][] =>
    x.layout.axes.filter((a) => axes.includes(a.axis)).map((a) => [a.id, codeAt(x, a.axis, idx[a.axis]!)]);
  let out: string[] = [];
  let count = 0;
  for (const s of seriesOf(x)) {
    const inSeries = x.layout.series.length > 0;
    if (inSeries) {
      out.push(`<generic:Series><generic:SeriesKey>${values(ids(x.layout.series, s.idx))}</generic:SeriesKey>`);
      if (withAttributes(x.detail) && x.layout.unitsOnSeries) out.push(attrs(unitAttributes(x, s.idx)));
    }
    if (withObservations(x.detail) || !inSeries) {
      for (const o of s.observations()) {
        const key = x.obsAtAll
          ? `<generic:ObsKey>${values(ids(x.layout.obs, o.idx))}</generic:ObsKey>`
          : `<generic:ObsDimension value="${esc(codeAt(x, x.layout.obs[0]!, o.idx[x.layout.obs[0]!]!))}"/>`;
        const m = measureOf(x, o.idx);
        const obsAttrs: [string, string][] = withAttributes(x.detail) ? [['OBS_STATUS', statusAt(x, o.n)]] : [];
        if (withAttributes(x.detail) && !x.layout.unitsOnSeries) obsAttrs.push(...unitAttributes(x, o.idx));
        const value = withObservations(x.detail) ? `<generic:ObsValue value="${valueText(x, o.n, m.decimals)}"/>` : '';
        out.push(`<generic:Obs>${key}${value}${x.detail === 'serieskeysonly' ? '' : attrs(obsAttrs)}</generic:Obs>`);
        if (++count % cellsPerChunk === 0) {
          yield out.join('');
          out = [];
          await nextTurn();
        }
      }
    }
    if (inSeries) out.push('</generic:Series>');
    if (out.length > cellsPerChunk) {
      yield out.join('');
      out = [];
      await nextTurn();
    }
  }
  out.push('</message:DataSet></message:GenericData>\n');
  yield out.join('');
}

/** SDMX-ML 2.1 StructureSpecificData (the components as XML attributes of `Series` and `Obs`). */
export async function* structureSpecificData(x: DataSet): AsyncGenerator<string> {
  const at = x.obsAtAll ? 'AllDimensions' : x.layout.axes.find((a) => a.axis === x.layout.obs[0])!.id;
  const dsdNs = `urn:sdmx:org.sdmx.infomodel.datastructure.DataStructure=${sdmxAgency}:${x.flow.dsd}(${sdmxVersion}):ObsLevelDim:${at}`;
  yield (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<message:StructureSpecificData xmlns:message="${ns.message}" xmlns:ss="${ns.structurespecific}" xmlns:common="${ns.common}" ` +
    `xmlns:xsi="${ns.xsi}" xmlns:ns1="${esc(dsdNs)}" xmlns:xml="${ns.xml}">` +
    header(messageId('DATA', x.now), x.now, sender, structureHeader(x, true)) +
    `<message:DataSet ss:structureRef="${esc(x.flow.dsd)}" xsi:type="ns1:DataSetType" ss:dataScope="DataStructure" action="Information">`
  );
  const attrs = (pairs: [string, string][]) => pairs.map(([id, v]) => ` ${id}="${esc(v)}"`).join('');
  const ids = (axes: number[], idx: number[]): [string, string][] =>
    x.layout.axes.filter((a) => axes.includes(a.axis)).map((a) => [a.id, codeAt(x, a.axis, idx[a.axis]!)]);
  let out: string[] = [];
  let count = 0;
  for (const s of seriesOf(x)) {
    const inSeries = x.layout.series.length > 0;
    if (inSeries) {
      const units = withAttributes(x.detail) && x.layout.unitsOnSeries ? unitAttributes(x, s.idx) : [];
      out.push(`<Series${attrs([...ids(x.layout.series, s.idx), ...units])}`);
    }
    const obs = withObservations(x.detail) || !inSeries;
    if (inSeries) out.push(obs ? '>' : '/>');
    if (obs) {
      for (const o of s.observations()) {
        const m = measureOf(x, o.idx);
        const pairs = ids(x.layout.obs, o.idx);
        if (withObservations(x.detail)) pairs.push([primaryMeasure, valueText(x, o.n, m.decimals)]);
        if (withAttributes(x.detail)) {
          pairs.push(['OBS_STATUS', statusAt(x, o.n)]);
          if (!x.layout.unitsOnSeries) pairs.push(...unitAttributes(x, o.idx));
        }
        out.push(`<Obs${attrs(pairs)}/>`);
        if (++count % cellsPerChunk === 0) {
          yield out.join('');
          out = [];
          await nextTurn();
        }
      }
      if (inSeries) out.push('</Series>');
    }
    if (out.length > cellsPerChunk) {
      yield out.join('');
      out = [];
      await nextTurn();
    }
  }
  out.push('</message:DataSet></message:StructureSpecificData>\n');
  yield out.join('');
}

/**
 * SDMX-JSON 1.0 data message (the JSON of SDMX 2.1, names in one language): the structure lists
 * each dimension's values chosen, series keyed by their values' indices (`0:1:0`), each observation
 * `[value, status index]`; unit attributes by index too.
 */
export async function* jsonData(x: DataSet): AsyncGenerator<string> {
  const { flow, cells, layout, lang } = x;
  const nameOf = (l: { fr: string; en?: string }) => labelIn(l, lang);
  const dimension = (axis: number, keyPosition: number | null) => {
    const a = layout.axes.find((d) => d.axis === axis)!;
    const def = flow.dimensions.find((d) => d.id === a.id);
    const values = cells.positions[axis]!.map((_, i) => {
      const code = codeAt(x, axis, i);
      const item = def ? flow.codelists[flow.dimensions.indexOf(def)]!.items.find((c) => c.id === code) : undefined;
      return { id: code, name: item ? nameOf(item.name) : code };
    });
    return {
      id: a.id,
      name: nameOf(def ? def.name : flow.time.name),
      ...(keyPosition === null ? {} : { keyPosition }),
      ...(axis === flow.time.index ? { role: 'time' } : {}),
      values,
    };
  };
  const keyPositions = new Map(layout.axes.map((a, i) => [a.axis, i]));
  const statuses = x.flow.attributes.find((a) => a.id === 'OBS_STATUS')!;
  const statusList = ['A', 'P', 'E', 'B', 'F', 'I', 'U', 'O', 'M'];
  const units = cells.positions[layout.measureAxis]!.map((p) => flow.table.measures[p]!);
  const unitAttrs = [
    {
      id: 'UNIT_MEASURE',
      name: nameOf({ fr: 'Unité de mesure', en: 'Unit of measure' }),
      values: [...new Set(units.map((u) => u.unitCode))].map((id) => ({ id, name: id })),
    },
    {
      id: 'UNIT_MULT',
      name: nameOf({ fr: 'Multiplicateur d’unité', en: 'Unit multiplier' }),
      values: [...new Set(units.map((u) => String(u.unitMult)))].map((id) => ({ id, name: id })),
    },
    {
      id: 'DECIMALS',
      name: nameOf({ fr: 'Nombre de décimales', en: 'Decimals' }),
      values: [...new Set(units.map((u) => String(u.decimals)))].map((id) => ({ id, name: id })),
    },
  ];
  const unitIndex = (idx: number[]) => {
    const m = measureOf(x, idx);
    return [
      unitAttrs[0]!.values.findIndex((v) => v.id === m.unitCode),
      unitAttrs[1]!.values.findIndex((v) => v.id === String(m.unitMult)),
      unitAttrs[2]!.values.findIndex((v) => v.id === String(m.decimals)),
    ];
  };
  const statusAttr = { id: 'OBS_STATUS', name: nameOf(statuses.name), values: statusList.map((id) => ({ id, name: id })) };
  const attributes = withAttributes(x.detail)
    ? {
        dataSet: [],
        series: layout.unitsOnSeries ? unitAttrs : [],
        observation: layout.unitsOnSeries ? [statusAttr] : [statusAttr, ...unitAttrs],
      }
    : { dataSet: [], series: [], observation: [] };
  const structure = {
    name: nameOf(flow.name),
    ...(flow.description ? { description: nameOf(flow.description) } : {}),
    dimensions: {
      dataSet: [],
      series: layout.series.map((a) => dimension(a, keyPositions.get(a)!)),
      observation: layout.obs.map((a) => dimension(a, layout.obs.length > 1 ? keyPositions.get(a)! : null)),
    },
    attributes,
  };
  const head = {
    header: {
      id: messageId('DATA', x.now),
      test: false,
      prepared: sdmxInstant(x.now),
      sender: { id: sender.id, name: nameOf(sender.name) },
    },
  };
  yield `${JSON.stringify(head).slice(0, -1)},"dataSets":[{"action":"Information",`;
  const inSeries = layout.series.length > 0;
  const obsValue = (o: Obs) => {
    const m = measureOf(x, o.idx);
    const v = cells.values[o.n]!;
    const parts: unknown[] = [withObservations(x.detail) ? (Number.isNaN(v) ? null : Number(v.toFixed(m.decimals))) : null];
    if (withAttributes(x.detail)) {
      parts.push(statusList.indexOf(statusAt(x, o.n)));
      if (!layout.unitsOnSeries) parts.push(...unitIndex(o.idx));
    }
    return JSON.stringify(parts);
  };
  const keyText = (axes: number[], idx: number[]) => axes.map((a) => idx[a]).join(':');
  yield inSeries ? '"series":{' : '"observations":{';
  let out: string[] = [];
  let count = 0;
  let firstSeries = true;
  for (const s of seriesOf(x)) {
    if (inSeries) {
      const seriesAttrs = withAttributes(x.detail) && layout.unitsOnSeries ? unitIndex(s.idx) : [];
      out.push(`${firstSeries ? '' : ','}"${keyText(layout.series, s.idx)}":{"attributes":${JSON.stringify(seriesAttrs)}`);
      if (withObservations(x.detail)) out.push(',"observations":{');
    }
    firstSeries = false;
    if (withObservations(x.detail) || !inSeries) {
      let firstObs = true;
      for (const o of s.observations()) {
        out.push(`${firstObs ? '' : ','}"${keyText(layout.obs, o.idx)}":${obsValue(o)}`);
        firstObs = false;
        if (++count % cellsPerChunk === 0) {
          yield out.join('');
          out = [];
          await nextTurn();
        }
      }
    }
    if (inSeries) out.push(withObservations(x.detail) ? '}}' : '}');
    if (out.length > cellsPerChunk) {
      yield out.join('');
      out = [];
      await nextTurn();
    }
  }
  yield out.join('');
  yield `}}],"structure":${JSON.stringify(structure)}}`;
}
