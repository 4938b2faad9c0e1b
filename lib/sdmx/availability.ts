/**
 * `availableconstraint` (sdmx-rest v2_1 `4_6_1`), the cascading filters of .Stat's Data Explorer:
 * for each dimension, the codes that have at least one value (a missing cell does not count) in
 * the key asked (`mode=exact`), or in the key asked without that dimension's own filter
 * (`mode=available`), and the periods that have values, as an SDMX-ML 2.1 Structure message
 * holding one actual `ContentConstraint` with its cube region and the number of observations.
 */
import type { PickedCells } from '@/lib/tables/queries';
import type { Db } from '@/lib/db/open';
import { pickCells } from '@/lib/tables/queries';
import { apiCellLimit } from '@/lib/tables/read/api';
import { sdmxAgency, sdmxVersion, sender, timeDimension, type Flow } from './model';
import type { AvailabilityQuery } from './request';
import { chooseData, type DataChoice } from './data';
import { SdmxError } from './errors';
import { esc, header, messageId, ns } from './xml';

/** Per table axis, the selection positions with at least one value. */
function present(cells: PickedCells): Set<number>[] {
  const axes = cells.size.length;
  const out = Array.from({ length: axes }, () => new Set<number>());
  const idx = new Array<number>(axes).fill(0);
  for (let n = 0; n < cells.count; n++) {
    if (!Number.isNaN(cells.values[n]!)) for (let a = 0; a < axes; a++) out[a]!.add(idx[a]!);
    for (let a = axes - 1; a >= 0; a--) {
      idx[a]! += 1;
      if (idx[a]! < cells.size[a]!) break;
      idx[a] = 0;
    }
  }
  return out;
}

async function pick(db: Db, flow: Flow, choice: DataChoice): Promise<PickedCells> {
  const count = [
    ...flow.table.structure.dimensions.map((d) => choice.selection[d.code]?.length || d.values.length),
    choice.measures?.length || flow.table.structure.measures.length,
  ].reduce((a, b) => a * b, 1);
  if (count > apiCellLimit)
    throw new SdmxError(
      510,
      `La sélection compte ${count.toLocaleString('fr-FR')} cellules : ${apiCellLimit.toLocaleString('fr-FR')} au plus. Précisez la clé.`,
    );
  const picked = await pickCells(db, flow.table, choice.selection, choice.measures);
  if (!picked.ok) throw new SdmxError(100, `Aucun résultat : ${picked.error.fr}`);
  return picked.value;
}

/** The codes with values per key dimension (`id` → codes in the codelist's order) and the periods with values. */
export async function availableValues(
  db: Db,
  flow: Flow,
  q: AvailabilityQuery,
): Promise<{ codes: Map<string, string[]>; periods: string[]; count: number }> {
  const choice = chooseData(flow, q.key, q);
  const measureAxis = flow.table.structure.dimensions.length;
  const codeOf = (axis: number, p: number) =>
    axis === measureAxis ? flow.table.structure.measures[p]!.code : flow.table.structure.dimensions[axis]!.values[p]!.code;
  const exact = await pick(db, flow, choice);
  const seen = present(exact);
  const codesOn = (cells: PickedCells, marks: Set<number>[], axis: number) =>
    cells.positions[axis]!.filter((_, i) => marks[axis]!.has(i)).map((p) => codeOf(axis, p));
  const codes = new Map<string, string[]>();
  for (const d of flow.dimensions) {
    if (q.component && q.component !== d.id) continue;
    const axis = d.source.kind === 'measure' ? measureAxis : d.source.index;
    if (q.mode === 'exact') {
      codes.set(d.id, codesOn(exact, seen, axis));
      continue;
    }
    // Available: the other dimensions' filters only.
    const open: DataChoice =
      d.source.kind === 'measure'
        ? { ...choice, measures: undefined }
        : { ...choice, selection: { ...choice.selection, [flow.table.structure.dimensions[axis]!.code]: undefined } };
    const cells = await pick(db, flow, open);
    codes.set(d.id, codesOn(cells, present(cells), axis));
  }
  const periods = !q.component || q.component === timeDimension ? codesOn(exact, seen, flow.time.index) : [];
  let count = 0;
  for (let n = 0; n < exact.count; n++) if (!Number.isNaN(exact.values[n]!)) count++;
  return { codes, periods, count };
}

/** The Structure message holding the actual content constraint. */
export function availabilityMessage(
  flow: Flow,
  values: { codes: Map<string, string[]>; periods: string[]; count: number },
  now: Date,
  extra = '',
): string {
  const keyValues = [...values.codes]
    .map(
      ([id, codes]) =>
        `<common:KeyValue id="${esc(id)}">${codes.map((c) => `<common:Value>${esc(c)}</common:Value>`).join('')}</common:KeyValue>`,
    )
    .join('');
  const time =
    values.periods.length > 0
      ? `<common:KeyValue id="${timeDimension}"><common:TimeRange><common:StartPeriod isInclusive="true">${esc(values.periods[0]!)}</common:StartPeriod>` +
        `<common:EndPeriod isInclusive="true">${esc(values.periods.at(-1)!)}</common:EndPeriod></common:TimeRange></common:KeyValue>`
      : '';
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<message:Structure xmlns:message="${ns.message}" xmlns:structure="${ns.structure}" xmlns:common="${ns.common}" xmlns:xml="${ns.xml}">` +
    header(messageId('AVAIL', now), now, sender) +
    `<message:Structures>${extra}<structure:Constraints>` +
    `<structure:ContentConstraint id="CC_${esc(flow.id)}" agencyID="${sdmxAgency}" version="${sdmxVersion}" isFinal="false" type="Actual">` +
    '<common:Annotations><common:Annotation id="obs_count">' +
    `<common:AnnotationTitle>${values.count}</common:AnnotationTitle><common:AnnotationType>sdmx_metrics</common:AnnotationType>` +
    '</common:Annotation></common:Annotations>' +
    '<common:Name xml:lang="fr">Données disponibles</common:Name><common:Name xml:lang="en">Available data</common:Name>' +
    `<structure:ConstraintAttachment><structure:Dataflow><Ref id="${esc(flow.id)}" agencyID="${sdmxAgency}" version="${sdmxVersion}" package="datastructure" class="Dataflow"/></structure:Dataflow></structure:ConstraintAttachment>` +
    `<structure:CubeRegion include="true">${keyValues}${time}</structure:CubeRegion>` +
    '</structure:ContentConstraint></structure:Constraints></message:Structures></message:Structure>\n'
  );
}
