/**
 * Boundaries as data: an uploaded GeoJSON, TopoJSON or zipped shapefile, recognised by its content,
 * checked (polygons with real coordinates, one unique code per area, every code the level's tables
 * use present), then simplified once for the web (topojson-server, topojson-simplify) into the
 * topology the maps and the API serve. Pure but for the zip's reading: no database here.
 */
import { geoArea } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry, MultiPolygon, Polygon, Position } from 'geojson';
import * as shapefile from 'shapefile';
import { feature as topoFeature } from 'topojson-client';
import { topology as toTopology } from 'topojson-server';
import { presimplify, quantile, simplify } from 'topojson-simplify';
import type { Objects, Topology } from 'topojson-specification';
import yauzl from 'yauzl';
import type { GeoAreaNames } from './schema';

export type BoundaryFormat = 'geojson' | 'topojson' | 'shapefile';

/** Boundaries ready to store: the simplified topology (object `areas`, ids = codes) and the areas' names. */
export type Boundaries = { format: BoundaryFormat; topology: Topology; names: GeoAreaNames; codes: string[] };

export type BoundaryResult = { ok: true; value: Boundaries } | { ok: false; error: string };

/** Largest upload read (a country's communes simplified for the web weigh far less). */
export const boundaryMaxBytes = 50 * 1024 * 1024;
/**
 * Points kept after simplification, for the whole level: light pages (a 400-commune map under
 * 400 KB of HTML), shapes still recognisable at the 640-pixel width the pages draw.
 */
const targetPoints = 4_000;

const refuse = (error: string): BoundaryResult => ({ ok: false, error });

/** The first string among a feature's properties of these names. */
function pick(props: Record<string, unknown> | null, names: string[]): string | undefined {
  for (const name of names) {
    const v = props?.[name];
    if (typeof v === 'string' && v.trim()) return v.trim();
    if (typeof v === 'number') return String(v);
  }
  return undefined;
}

/** Reads the .shp and .dbf of a zipped shapefile. */
async function readZippedShapefile(bytes: Buffer): Promise<FeatureCollection | string> {
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (e, z) => (e || !z ? reject(e) : resolve(z))),
    );
  } catch {
    return 'l’archive zip est endommagée';
  }
  const parts: { shp?: Buffer; dbf?: Buffer } = {};
  let inflated = 0;
  for await (const entry of zip.eachEntry()) {
    const ext = /\.(shp|dbf)$/i.exec(entry.fileName)?.[1]?.toLowerCase() as 'shp' | 'dbf' | undefined;
    if (!ext || parts[ext]) continue;
    inflated += entry.uncompressedSize;
    if (inflated > boundaryMaxBytes * 4) return 'l’archive est trop volumineuse une fois décompressée';
    const stream = await zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    parts[ext] = Buffer.concat(chunks);
  }
  zip.close();
  if (!parts.shp) return 'l’archive ne contient pas de fichier .shp';
  try {
    return (await shapefile.read(parts.shp, parts.dbf)) as FeatureCollection;
  } catch {
    return 'le shapefile est illisible';
  }
}

/** The features of an upload, and its format, from its content (never its name). */
async function featuresOf(bytes: Buffer): Promise<{ format: BoundaryFormat; collection: FeatureCollection } | string> {
  if (bytes.length > boundaryMaxBytes) return `le fichier dépasse ${boundaryMaxBytes / 1024 / 1024} Mo`;
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const read = await readZippedShapefile(bytes);
    return typeof read === 'string' ? read : { format: 'shapefile', collection: read };
  }
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    return 'ce n’est ni du GeoJSON, ni du TopoJSON, ni un shapefile zippé';
  }
  const o = json as { type?: unknown; objects?: Record<string, unknown>; features?: unknown };
  if (o?.type === 'Topology' && o.objects && typeof o.objects === 'object') {
    const name = 'areas' in o.objects ? 'areas' : Object.keys(o.objects)[0];
    if (!name) return 'le TopoJSON ne contient aucun objet';
    try {
      const f = topoFeature(json as Topology, name) as FeatureCollection | Feature;
      return { format: 'topojson', collection: f.type === 'FeatureCollection' ? f : { type: 'FeatureCollection', features: [f] } };
    } catch {
      return 'le TopoJSON est mal formé';
    }
  }
  if (o?.type === 'FeatureCollection' && Array.isArray(o.features)) return { format: 'geojson', collection: json as FeatureCollection };
  if (o?.type === 'Feature') return { format: 'geojson', collection: { type: 'FeatureCollection', features: [json as Feature] } };
  return 'ce n’est ni du GeoJSON, ni du TopoJSON, ni un shapefile zippé';
}

const validPosition = (p: Position) =>
  Array.isArray(p) && p.length >= 2 && Number.isFinite(p[0]) && Number.isFinite(p[1]) && Math.abs(p[0]!) <= 180 && Math.abs(p[1]!) <= 90;

/** Why a ring is not one (null when it is): four positions at least, closed, real coordinates. */
function ringProblem(ring: Position[]): string | null {
  if (!Array.isArray(ring) || ring.length < 4) return 'un contour a moins de quatre points';
  if (!ring.every(validPosition)) return 'des coordonnées ne sont pas des longitudes et latitudes';
  const [a, b] = [ring[0]!, ring[ring.length - 1]!];
  if (a[0] !== b[0] || a[1] !== b[1]) return 'un contour n’est pas fermé';
  return null;
}

/**
 * The polygons of a geometry, each wound as d3-geo expects (exterior clockwise): GeoJSON files
 * follow RFC 7946's opposite rule as often as not, and a polygon wound the other way covers the
 * rest of the sphere. Null (with why) when the geometry is not areas.
 */
function polygonsOf(geometry: Geometry | null): { polygons: Position[][][] } | { problem: string } {
  if (!geometry) return { problem: 'une zone n’a pas de géométrie' };
  const list = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : null;
  if (!list) return { problem: `une géométrie est de type ${geometry.type}, pas un polygone` };
  if (list.length === 0) return { problem: 'une zone a une géométrie vide' };
  const polygons: Position[][][] = [];
  for (const rings of list) {
    if (!Array.isArray(rings) || rings.length === 0) return { problem: 'une zone a une géométrie vide' };
    for (const ring of rings) {
      const problem = ringProblem(ring);
      if (problem) return { problem };
    }
    const area = geoArea({ type: 'Polygon', coordinates: rings });
    const wound = area > 2 * Math.PI ? rings.map((r) => [...r].reverse()) : rings;
    if (geoArea({ type: 'Polygon', coordinates: wound }) <= 0) return { problem: 'une zone a une surface nulle' };
    polygons.push(wound);
  }
  return { polygons };
}

/**
 * Reads, checks and simplifies an upload. `tables`: the codes of the level's dimension in each table
 * that has it — a table sharing any code with the upload is drawn on it, so each of its codes must
 * have a shape (the missing ones are named). Every refusal is a French sentence naming the problem.
 */
export async function readBoundaries(bytes: Buffer, tables: readonly (readonly string[])[] = []): Promise<BoundaryResult> {
  const read = await featuresOf(bytes);
  if (typeof read === 'string') return refuse(`Fichier de limites refusé : ${read}.`);
  const { format, collection } = read;
  if (collection.features.length === 0) return refuse('Fichier de limites refusé : il ne contient aucune zone.');
  const names: GeoAreaNames = {};
  const features: Feature<MultiPolygon, { code: string }>[] = [];
  for (const [i, f] of collection.features.entries()) {
    const props = (f.properties ?? {}) as Record<string, unknown>;
    const code = pick(props, ['code', 'CODE', 'Code', 'id', 'ID']) ?? (f.id === undefined ? undefined : String(f.id));
    if (!code) return refuse(`Fichier de limites refusé : la zone n° ${i + 1} n’a pas de code (propriété « code »).`);
    if (names[code]) return refuse(`Fichier de limites refusé : le code « ${code} » apparaît deux fois.`);
    const shape = polygonsOf(f.geometry as Polygon | MultiPolygon);
    if ('problem' in shape) return refuse(`Fichier de limites refusé : géométrie invalide pour « ${code} » (${shape.problem}).`);
    const fr = pick(props, ['name_fr', 'nom', 'NOM', 'name', 'NAME']) ?? code;
    names[code] = { fr, en: pick(props, ['name_en', 'name', 'NAME']) ?? fr };
    features.push({ type: 'Feature', id: code, properties: { code }, geometry: { type: 'MultiPolygon', coordinates: shape.polygons } });
  }
  const drawn = tables.filter((codes) => codes.some((c) => names[c]));
  const missing = [...new Set(drawn.flat().filter((c) => !names[c]))].sort();
  if (missing.length > 0)
    return refuse(
      `Fichier de limites refusé : ${missing.length > 1 ? 'les codes' : 'le code'} ${missing.map((c) => `« ${c} »`).join(', ')} ` +
        `des tableaux ${missing.length > 1 ? 'n’ont' : 'n’a'} pas de contour.`,
    );
  // Simplified once: the fewest points that keep the shapes, so every map page stays light.
  const areas: FeatureCollection = { type: 'FeatureCollection', features };
  const topology = toTopology({ areas }, 1e5) as unknown as Topology<Objects<object>>;
  const points = topology.arcs.reduce((n, arc) => n + arc.length, 0);
  let simplified: Topology = topology;
  if (points > targetPoints) {
    const weighted = presimplify(topology);
    // `quantile(t, p)`: the weight the `p` most significant points reach (topojson-simplify's convention).
    simplified = simplify(weighted, quantile(weighted, targetPoints / points));
  }
  return { ok: true, value: { format, topology: simplified as Topology, names, codes: Object.keys(names) } };
}
