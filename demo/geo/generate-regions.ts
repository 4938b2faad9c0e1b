// npx tsx demo/geo/generate-regions.ts — writes demo/geo/regions.geojson: plausible boundaries of
// Sahelia's 8 regions (an invented country of the Sahel), run once; the file is what the seed
// uploads. Cells of a 4 × 2 grid whose shared borders wander (the same points on both sides, so
// the topology has no gaps), the capital a small region cut from the centre.
import fs from 'node:fs';
import path from 'node:path';
import { createRandom } from '../random';

const rng = createRandom(20_260_401);
const random = () => rng.next();
const [west, east, south, north] = [-1, 9, 11, 17];
const cols = 4;
const rows = 2;
type P = [number, number];
const round = (n: number) => Math.round(n * 1e4) / 1e4;

// Grid corners, inner ones moved a little.
const corner = Array.from({ length: rows + 1 }, (_, r) =>
  Array.from({ length: cols + 1 }, (_, c): P => {
    const x = west + ((east - west) * c) / cols;
    const y = south + ((north - south) * r) / rows;
    const inner = c > 0 && c < cols && r > 0 && r < rows;
    return [round(x + (inner ? (random() - 0.5) * 0.8 : 0)), round(y + (inner ? (random() - 0.5) * 0.6 : 0))];
  }),
);

// One wandering line per border, kept by key so both neighbours use the same points.
const borders = new Map<string, P[]>();
function border(a: P, b: P, outer: boolean): P[] {
  const key = `${a}|${b}`;
  const back = borders.get(`${b}|${a}`);
  if (back) return [...back].reverse();
  const steps = outer ? 6 : 9;
  const line: P[] = [a];
  for (let i = 1; i < steps; i++) {
    const t = i / steps;
    const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
    const wobble = (random() - 0.5) * (outer ? 0.25 : 0.45);
    line.push([round(a[0] + dx * t - dy * wobble * 0.3), round(a[1] + dy * t + dx * wobble * 0.3)]);
  }
  line.push(b);
  borders.set(key, line);
  return line;
}

const codes = [
  ['PLA', 'CEN', 'SUD'],
  ['OUE', 'NOR', 'FLE'],
];
const names: Record<string, [string, string]> = {
  CAP: ['Capitale', 'Capital'],
  NOR: ['Région du Nord', 'Northern Region'],
  SUD: ['Région du Sud', 'Southern Region'],
  EST: ['Région de l’Est', 'Eastern Region'],
  OUE: ['Région de l’Ouest', 'Western Region'],
  CEN: ['Région du Centre', 'Central Region'],
  FLE: ['Région du Fleuve', 'River Region'],
  PLA: ['Région des Plateaux', 'Plateaux Region'],
};

const cells = new Map<string, P[][]>();
for (let r = 0; r < rows; r++) {
  for (let c = 0; c < cols - 1; c++) {
    const [sw, se, ne, nw] = [corner[r]![c]!, corner[r]![c + 1]!, corner[r + 1]![c + 1]!, corner[r + 1]![c]!];
    // Exterior ring, clockwise on the map (west → north → east → south): d3-geo's winding.
    const ring = [
      ...border(sw, nw, c === 0),
      ...border(nw, ne, r === rows - 1).slice(1),
      ...border(ne, se, c === cols - 1).slice(1),
      ...border(se, sw, r === 0).slice(1),
    ];
    cells.set(codes[r]![c]!, [ring]);
  }
}
// The eastern column is one region, from the southern border to the northern one.
{
  const c = cols - 1;
  const [a, b, d, e, f] = [corner[0]![c]!, corner[1]![c]!, corner[2]![c]!, corner[2]![c + 1]!, corner[1]![c + 1]!];
  const g = corner[0]![c + 1]!;
  cells.set('EST', [
    [
      ...border(a, b, false),
      ...border(b, d, false).slice(1),
      ...border(d, e, true).slice(1),
      ...border(e, f, true).slice(1),
      ...border(f, g, true).slice(1),
      ...border(g, a, true).slice(1),
    ],
  ]);
}

// The capital: a small hexagon inside the centre region, cut out of it as a hole.
const [cx, cy] = [round((corner[0]![1]![0] + corner[1]![2]![0]) / 2), round((corner[0]![1]![1] + corner[1]![2]![1]) / 2)];
const capital: P[] = Array.from({ length: 7 }, (_, i): P => {
  const a = (-2 * Math.PI * (i % 6)) / 6;
  return [round(cx + 0.35 * Math.cos(a)), round(cy + 0.3 * Math.sin(a))];
});

const features = [...cells.entries()].map(([code, rings]) => ({
  type: 'Feature',
  properties: { code, name_fr: names[code]![0], name_en: names[code]![1] },
  geometry:
    code === 'CEN' ? { type: 'Polygon', coordinates: [rings[0], [...capital].reverse()] } : { type: 'Polygon', coordinates: [rings[0]] },
}));
features.push({
  type: 'Feature',
  properties: { code: 'CAP', name_fr: names.CAP![0], name_en: names.CAP![1] },
  geometry: { type: 'Polygon', coordinates: [capital] },
});

const file = path.join(import.meta.dirname, 'regions.geojson');
fs.writeFileSync(file, `${JSON.stringify({ type: 'FeatureCollection', features })}\n`);
console.log(`${features.length} régions écrites dans ${path.relative(process.cwd(), file)}`);
