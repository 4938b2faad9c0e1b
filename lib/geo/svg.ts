/**
 * A map as one SVG document: the areas (each focusable, its `<title>` naming it and its value), the
 * legend (class limits and unit) drawn below them. The same string is placed in the page and
 * offered as the download, so the two never differ. Text and outlines take the text colour
 * (`currentColor`): the map reads in both colour modes; the downloaded file draws them black.
 */
import type { MapDrawing } from './map';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export type SvgText = {
  /** The map's accessible name (`Population par région, 2025`). */
  title: string;
  unit: string;
  /** A value as the page writes it (`1 650 000`). */
  format: (n: number) => string;
  /** « non disponible ». */
  missing: string;
  /** The legend's heading (« Classes (seuils naturels de Jenks) »). */
  legend: string;
  idPrefix: string;
};

/** The map's SVG markup. */
export function mapSvg(d: MapDrawing, t: SvgText): string {
  const rowHeight = 22;
  const legendTop = d.height + 16;
  const legendRows = d.classes.length + (d.areas.some((a) => a.value === null) ? 1 : 0);
  const height = legendTop + 24 + legendRows * rowHeight;
  const titleId = `${t.idPrefix}-titre`;
  const areas = d.areas
    .map((a) => {
      const value = a.value === null ? t.missing : `${t.format(a.value)} ${t.unit}`;
      return (
        `<path class="map-area" tabindex="0" d="${a.path}" fill="${a.colour}">` + `<title>${esc(a.name)} : ${esc(value)}</title></path>`
      );
    })
    .join('');
  const legend = d.classes
    .map((c, i) => {
      const y = legendTop + 24 + i * rowHeight;
      const label = c.from === c.to ? t.format(c.from) : `${t.format(c.from)} – ${t.format(c.to)}`;
      return (
        `<rect x="0" y="${y - 13}" width="18" height="14" fill="${c.colour}" stroke="currentColor" stroke-width="0.5"/>` +
        `<text x="26" y="${y}" fill="currentColor" font-size="13">${esc(label)}</text>`
      );
    })
    .join('');
  const none = d.areas.some((a) => a.value === null)
    ? `<rect x="0" y="${legendTop + 24 + d.classes.length * rowHeight - 13}" width="18" height="14" fill="none" stroke="currentColor" stroke-width="0.5"/>` +
      `<text x="26" y="${legendTop + 24 + d.classes.length * rowHeight}" fill="currentColor" font-size="13">${esc(t.missing)}</text>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${d.width} ${height}" width="${d.width}" height="${height}" role="img" aria-labelledby="${titleId}" class="map-svg">` +
    `<title id="${titleId}">${esc(t.title)}</title>` +
    `<g stroke="currentColor" stroke-width="0.8">${areas}</g>` +
    `<g class="map-legend"><text x="0" y="${legendTop + 4}" fill="currentColor" font-size="13" font-weight="bold">${esc(`${t.legend} (${t.unit})`)}</text>${legend}${none}</g>` +
    `</svg>`
  );
}
