/**
 * A choropleth drawn on the server: the level's areas projected (d3-geo, Mercator fitted to the
 * frame), the values cut into a few classes by Jenks' natural breaks (ckmeans, simple-statistics),
 * one colour per class from a sequential scale that colour-blind readers tell apart (viridis) and
 * that reads in both colour modes (each area outlined in the text colour). Pure: no React, no
 * database; the page draws what this returns.
 */
import { geoMercator, geoPath } from 'd3-geo';
import type { FeatureCollection, MultiPolygon } from 'geojson';
import { ckmeans } from 'simple-statistics';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { GeoAreaNames } from './schema';

/** Viridis at five even steps, light to dark: the darker, the more. */
export const mapColours = ['#fde725', '#5ec962', '#21918c', '#3b528b', '#440154'] as const;
/** Fill of an area without a value (hatched in the legend's words: « non disponible »). */
export const noValueColour = 'transparent';

export type MapArea = { code: string; name: string; value: number | null; path: string; colour: string; classIndex: number | null };
export type MapClass = { from: number; to: number; colour: string };
export type MapDrawing = { width: number; height: number; areas: MapArea[]; classes: MapClass[]; method: 'ckmeans' };

/**
 * Class limits by ckmeans (Jenks' natural breaks done exactly): at most `wanted` classes, fewer when
 * there are fewer distinct values. Each class is [its smallest value, its largest].
 */
export function classesOf(values: readonly number[], wanted = 5): { from: number; to: number }[] {
  const distinct = new Set(values).size;
  if (distinct === 0) return [];
  const groups = ckmeans([...values], Math.min(wanted, distinct));
  return groups.map((g) => ({ from: g[0]!, to: g[g.length - 1]! }));
}

/** The colours of `n` classes, spread over the scale (two classes: its ends). */
const coloursFor = (n: number) =>
  n <= 1 ? [mapColours[2]] : Array.from({ length: n }, (_, i) => mapColours[Math.round((i * (mapColours.length - 1)) / (n - 1))]!);

/**
 * Draws `values` (by area code) on the level's `topology`, in a `width`-wide frame whose height
 * follows the country's shape. Areas of the topology without a value are drawn, unfilled.
 */
export function drawMap(input: {
  topology: Topology;
  names: GeoAreaNames;
  values: ReadonlyMap<string, number | null>;
  locale: 'fr' | 'en';
  width?: number;
}): MapDrawing {
  const width = input.width ?? 640;
  const object = input.topology.objects.areas as GeometryCollection;
  const collection = feature(input.topology, object) as unknown as FeatureCollection<MultiPolygon, { code: string }>;
  const projection = geoMercator().fitWidth(width, collection);
  // Whole pixels of a 640-pixel frame: a tenth of a pixel more is a third more bytes and nothing seen.
  const path = geoPath(projection).digits(0);
  const [[, y0], [, y1]] = path.bounds(collection);
  const height = Math.ceil(y1 - y0);
  projection.translate([projection.translate()[0], projection.translate()[1] - y0]);
  const known = [...input.values.values()].filter((v): v is number => v !== null && Number.isFinite(v));
  const limits = classesOf(known);
  const colours = coloursFor(limits.length);
  const classes = limits.map((l, i) => ({ ...l, colour: colours[i]! }));
  const areas = collection.features.map((f): MapArea => {
    const code = String(f.id ?? f.properties.code);
    const value = input.values.get(code) ?? null;
    const classIndex =
      value === null
        ? null
        : Math.max(
            0,
            classes.findIndex((c) => value <= c.to),
          );
    return {
      code,
      name: input.names[code]?.[input.locale] ?? code,
      value,
      path: path(f) ?? '',
      colour: classIndex === null ? noValueColour : classes[classIndex]!.colour,
      classIndex,
    };
  });
  return { width, height, areas, classes, method: 'ckmeans' };
}
