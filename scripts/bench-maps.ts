// npm run bench:maps — the maps' weight and CPU (issue 38): the demo's 8 regions and a synthetic level
// of 400 communes (20 × 20 cells whose shared borders wander, every border 12 points), read and
// simplified as an upload is, then drawn as the page draws them (lib/geo/map.ts + svg.ts). Prints
// each SVG's size, the CPU of one drawing (median of 50, process.cpuUsage: load-independent), and,
// with BENCH_URL set (a running server), the real HTML of the population table's map page; the HTML
// of a 400-commune page is that page with the regions' SVG replaced by the communes' (the SVG is in
// the page twice, as markup and in the RSC payload, and a third time encoded in the download link).
import fs from 'node:fs';
import path from 'node:path';
import { readBoundaries } from '@/lib/geo/boundaries';
import { drawMap } from '@/lib/geo/map';
import { mapSvg } from '@/lib/geo/svg';

type P = [number, number];

function communes(n = 20): Buffer {
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const corner = Array.from({ length: n + 1 }, (_, r) =>
    Array.from({ length: n + 1 }, (_, c): P => {
      const inner = r > 0 && c > 0 && r < n && c < n;
      return [c * 0.5 + (inner ? (random() - 0.5) * 0.2 : 0), 11 + r * 0.3 + (inner ? (random() - 0.5) * 0.12 : 0)];
    }),
  );
  const borders = new Map<string, P[]>();
  const border = (a: P, b: P): P[] => {
    const back = borders.get(`${b}|${a}`);
    if (back) return [...back].reverse();
    const line: P[] = [a];
    for (let i = 1; i < 12; i++)
      line.push([a[0] + ((b[0] - a[0]) * i) / 12 + (random() - 0.5) * 0.01, a[1] + ((b[1] - a[1]) * i) / 12 + (random() - 0.5) * 0.01]);
    line.push(b);
    borders.set(`${a}|${b}`, line);
    return line;
  };
  const features = [];
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      const [sw, se, ne, nw] = [corner[r]![c]!, corner[r]![c + 1]!, corner[r + 1]![c + 1]!, corner[r + 1]![c]!];
      const ring = [...border(sw, nw), ...border(nw, ne).slice(1), ...border(ne, se).slice(1), ...border(se, sw).slice(1)];
      const code = `C${String(r * n + c + 1).padStart(3, '0')}`;
      features.push({
        type: 'Feature',
        properties: { code, name_fr: `Commune de Saheli-${code}` },
        geometry: { type: 'Polygon', coordinates: [ring] },
      });
    }
  return Buffer.from(JSON.stringify({ type: 'FeatureCollection', features }));
}

function cpuMs(run: () => void, times = 50): number {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = process.cpuUsage();
    run();
    const used = process.cpuUsage(start);
    samples.push((used.user + used.system) / 1000);
  }
  return samples.sort((a, b) => a - b)[Math.floor(times / 2)]!;
}

const fmtKb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const results: Record<string, number> = {};
for (const [name, bytes] of [
  ['8 régions (démo)', fs.readFileSync(path.join(process.cwd(), 'demo/geo/regions.geojson'))],
  ['400 communes (synthétique)', communes()],
] as const) {
  const read = await readBoundaries(bytes);
  if (!read.ok) throw new Error(read.error);
  const { topology, names, codes } = read.value;
  const values = new Map(codes.map((c, i) => [c, 1_000 + ((i * 7_919) % 50_000)] as [string, number]));
  const draw = () =>
    mapSvg(drawMap({ topology, names, values, locale: 'fr' }), {
      title: 'Population',
      unit: 'personnes',
      format: (n) => new Intl.NumberFormat('fr-FR').format(n),
      missing: 'non disponible',
      legend: 'Classes',
      idPrefix: 'bench',
    });
  const svg = draw();
  const ms = cpuMs(draw);
  results[name] = svg.length;
  console.log(`${name} : ${codes.length} zones, SVG ${fmtKb(Buffer.byteLength(svg))}, dessin ${ms.toFixed(1)} ms de CPU (médiane de 50)`);
}

const url = process.env.BENCH_URL;
if (url) {
  const page = await (await fetch(`${url.replace(/\/$/, '')}/donnees/tableaux/POP_REGION_SEXE_AGE?vue=carte`)).text();
  const regions = Buffer.byteLength(page);
  const svgShare = 3.4 * results['8 régions (démo)']!;
  console.log(`HTML de la page de carte (8 régions), mesuré : ${fmtKb(regions)} (objectif < 150 KB)`);
  console.log(
    `HTML d’une page de 400 communes, estimé (page des régions, son SVG ×3,4 remplacé par celui des communes) : ${fmtKb(regions - svgShare + 3.4 * results['400 communes (synthétique)']!)} (objectif < 400 KB)`,
  );
} else console.log('BENCH_URL non défini : le poids HTML des pages n’est pas mesuré (lancez un serveur et donnez son adresse).');
