import { formatNumber } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import type { LevelBoundaries } from '@/lib/geo/levels';
import { drawMap } from '@/lib/geo/map';
import { mapSvg } from '@/lib/geo/svg';
import type { MapPlan } from '@/lib/geo/table-map';
import type { SelectedCells, TableView } from '@/lib/tables/queries';

type Props = { table: TableView; cells: SelectedCells; plan: MapPlan; boundaries: LevelBoundaries; locale: Locale };

/**
 * A table's selection on its level's map, drawn on the server (lib/geo): the SVG in the page, the
 * same file to download, the method in words. The numbers are in the page's table below.
 */
export function TableMap({ table, cells, plan, boundaries, locale }: Props) {
  const t = messages(locale).maps;
  const geoIndex = table.structure.dimensions.findIndex((d) => d.code === plan.dimension);
  const geo = table.dimensions[geoIndex]!;
  const measure = table.measures[0]!;
  // One value per area: the other dimensions hold one position each, so the geographic position is the index.
  const values = new Map<string, number | null>();
  cells.positions[geoIndex]!.forEach((position, i) => values.set(geo.values[position]!.code, cells.values[i] ?? null));
  const drawing = drawMap({ topology: boundaries.topology, names: boundaries.names, values, locale });
  const others = table.dimensions
    .filter((d) => d.code !== plan.dimension)
    .map((d) => d.values.find((v) => v.code === plan.selection[d.code]![0])?.label ?? '')
    .filter(Boolean)
    .join(', ');
  const title = t.mapTitle(table.title, others);
  const svg = mapSvg(drawing, {
    title,
    unit: measure.unit,
    format: (n) => formatNumber(n, measure.decimals, locale),
    missing: t.missing,
    legend: t.legend,
    idPrefix: `carte-${table.code}`,
  });
  return (
    <section aria-labelledby="carte" className="mt-8">
      <h2 id="carte" className="text-xl font-semibold">
        {t.map} — {others}
      </h2>
      <div className="map-frame mt-3 max-w-2xl" dangerouslySetInnerHTML={{ __html: svg }} />
      <p className="mt-2 text-sm text-muted">{t.method}</p>
      <p className="mt-1 text-sm text-muted">
        {t.boundaries(locale === 'en' ? boundaries.level.name.en : boundaries.level.name.fr, boundaries.version)}
      </p>
      <p className="mt-2 text-sm">
        <a href={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} download={`${table.code}_carte.svg`}>
          {t.download}
        </a>
      </p>
    </section>
  );
}
