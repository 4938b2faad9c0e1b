/**
 * A table's selection as its map's SVG (lib/geo/map.ts, lib/geo/svg.ts): one value per area (the
 * other dimensions hold one position each, so the geographic position is the index), its title
 * naming the other dimensions' values. Shared by the table's map view and the area pages' map.
 */
import { formatNumber } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import type { SelectedCells, TableView } from '@/lib/tables/queries';
import type { LevelBoundaries } from './levels';
import { drawMap } from './map';
import { mapSvg } from './svg';
import type { MapPlan } from './table-map';

/** The map's SVG and what it shows besides the areas (« 2025, Ensemble, Ensemble »). */
export function tableMapSvg(
  table: TableView,
  cells: SelectedCells,
  plan: MapPlan,
  boundaries: LevelBoundaries,
  locale: Locale,
): { svg: string; others: string } {
  const t = messages(locale).maps;
  const geoIndex = table.structure.dimensions.findIndex((d) => d.code === plan.dimension);
  const geo = table.dimensions[geoIndex]!;
  const measure = table.measures[0]!;
  const values = new Map<string, number | null>();
  cells.positions[geoIndex]!.forEach((position, i) => values.set(geo.values[position]!.code, cells.values[i] ?? null));
  const drawing = drawMap({ topology: boundaries.topology, names: boundaries.names, values, locale });
  const others = table.dimensions
    .filter((d) => d.code !== plan.dimension)
    .map((d) => d.values.find((v) => v.code === plan.selection[d.code]![0])?.label ?? '')
    .filter(Boolean)
    .join(', ');
  const svg = mapSvg(drawing, {
    title: t.mapTitle(table.title, others),
    unit: measure.unit,
    format: (n) => formatNumber(n, measure.decimals, locale),
    missing: t.missing,
    legend: t.legend,
    idPrefix: `carte-${table.code}`,
  });
  return { svg, others };
}
