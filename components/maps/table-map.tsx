import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import type { LevelBoundaries } from '@/lib/geo/levels';
import type { MapPlan } from '@/lib/geo/table-map';
import { tableMapSvg } from '@/lib/geo/table-svg';
import type { SelectedCells, TableView } from '@/lib/tables/queries';
import { MapFigure } from './map-figure';

type Props = { table: TableView; cells: SelectedCells; plan: MapPlan; boundaries: LevelBoundaries; locale: Locale };

/** A table's selection on its level's map (the table's map view); the numbers are in the page's table below. */
export function TableMap({ table, cells, plan, boundaries, locale }: Props) {
  const { svg, others } = tableMapSvg(table, cells, plan, boundaries, locale);
  return (
    <section aria-labelledby="carte" className="mt-8">
      <h2 id="carte" className="text-xl font-semibold">
        {messages(locale).maps.map} — {others}
      </h2>
      <MapFigure svg={svg} code={table.code} boundaries={boundaries} locale={locale} />
    </section>
  );
}
