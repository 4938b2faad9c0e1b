import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SeriesChart } from '@/components/series/series-chart';
import { SeriesValuesTable } from '@/components/series/series-values-table';
import type { Observation, SeriesData } from '../model';
import { axisFontSize, inRange, niceTicks, plot } from './geometry';
import { overlaps, textWidth, thinTicks } from './ticks';
import { trendSentence } from './trend';

const months = (n: number, from = 2016): Observation[] =>
  Array.from({ length: n }, (_, i) => ({
    period: `${from + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`,
    value: 100 + i * 0.25,
    status: i >= n - 2 ? 'P' : 'A',
  }));

const data = (observations: Observation[]): SeriesData => ({
  meta: {
    code: 'IPC',
    label: 'Indice des prix',
    unit: 'indice',
    basePeriod: 'base 100 = 2020',
    frequency: 'monthly',
    decimals: 1,
    seasonalAdjustment: 'none',
    source: '',
    methodology: '',
    area: 'ipc',
    headline: true,
    imfIndicator: null,
  },
  version: { number: 2, publishedAt: '2026-11-12T08:45:00.000Z', kind: 'revision', reason: '' },
  observations,
});

describe('chart geometry', () => {
  it('gives round, ordered ticks covering the values, flat series included', () => {
    expect(niceTicks(98.3, 121.7)).toEqual([90, 100, 110, 120, 130]);
    expect(niceTicks(0.12, 0.49)).toEqual([0.1, 0.2, 0.3, 0.4, 0.5]);
    const flat = niceTicks(100, 100);
    expect(flat[0]).toBeLessThan(100);
    expect(flat.at(-1)).toBeGreaterThan(100);
  });

  it('keeps the range back from the last value, and draws every point inside the frame', () => {
    const all = months(132);
    expect(inRange(all, '5y')).toHaveLength(60);
    expect(inRange(all, '10y')).toHaveLength(120);
    expect(inRange(all, 'all')).toHaveLength(132);
    const frame = { width: 720, height: 320, left: 56, right: 16, top: 16, bottom: 32 };
    const p = plot(all, frame);
    expect(p.points.every((pt) => pt.x >= 56 && pt.x <= 704 && pt.y >= 16 && pt.y <= 288)).toBe(true);
    expect(p.path.startsWith('M56 ')).toBe(true);
    expect(plot(months(1), frame).points[0]!.x).toBe(380);
  });

  it('never writes one year label over the next (a ten-year range starting in November)', () => {
    const frame = { width: 720, height: 320, left: 56, right: 16, top: 16, bottom: 32 };
    // 2016-01 … 2026-10: the ten-year range starts at 2016-11, so 2016 has two points before 2017.
    const shown = inRange(months(130), '10y');
    expect(shown[0]!.period).toBe('2016-11-01');
    const { xTicks } = plot(shown, frame);
    expect(overlaps(xTicks, axisFontSize, 0)).toBe(false);
    expect(xTicks.map((t) => t.label)).toContain('2017');
    // Over 60 years on a narrow chart, ticks are thinned evenly, never crowded.
    const long = plot(months(720, 1960), { ...frame, width: 320 });
    expect(overlaps(long.xTicks, axisFontSize, 0)).toBe(false);
    expect(long.xTicks.length).toBeGreaterThan(2);
  });

  it('measures labels and thins ticks so that none overlaps', () => {
    expect(textWidth('2017', 12)).toBeCloseTo(28.8);
    const ticks = [0, 10, 40, 80, 120].map((x, i) => ({ label: String(2016 + i), x }));
    expect(overlaps(ticks, 12)).toBe(true);
    expect(overlaps(thinTicks(ticks, { fontSize: 12, gap: 4 }), 12, 4)).toBe(false);
  });
});

describe('trend sentence', () => {
  it('says where the series went, in French, over the range, a year and the last period', () => {
    expect(trendSentence('Indice des prix', 'monthly', 1, months(24), 'fr')).toBe(
      'De janvier 2016 à décembre 2017, la série « Indice des prix » est passée de 100,0 à 105,8 (+5,8\u202f%). ' +
        'Sur un an, elle a augmenté de 2,9\u202f%. Sur la dernière période, elle a augmenté de 0,2\u202f%.',
    );
    const down = months(3).map((o, i) => ({ ...o, value: 100 - i }));
    expect(trendSentence('X', 'monthly', 1, down, 'fr')).toContain('elle a baissé de 1,0\u202f%');
    expect(
      trendSentence(
        'X',
        'quarterly',
        1,
        [
          { period: '2026-01-01', value: 1, status: 'A' },
          { period: '2026-07-01', value: 2, status: 'A' },
        ],
        'fr',
      ),
    ).toMatch(/^Du 1er trimestre 2026 au 3e trimestre 2026/);
    expect(trendSentence('X', 'monthly', 1, [{ period: '2026-10-01', value: 1, status: 'A' }], 'fr')).toBe(
      'X : une seule valeur publiée, 1,0 en octobre 2026.',
    );
    expect(
      trendSentence(
        'X',
        'monthly',
        1,
        [
          { period: '2026-04-01', value: 1, status: 'A' },
          { period: '2026-05-01', value: 1, status: 'A' },
        ],
        'fr',
      ),
    ).toBe(
      'D’avril 2026 à mai 2026, la série « X » est passée de 1,0 à 1,0 (0,0\u202f%). Sur la dernière période, elle est restée stable.',
    );
    expect(trendSentence('X', 'monthly', 1, [], 'fr')).toBe('X : aucune valeur publiée.');
  });

  it('says it in English too, with English numbers and periods', () => {
    expect(trendSentence('Consumer price index', 'monthly', 1, months(24), 'en')).toBe(
      'From January 2016 to December 2017, the series “Consumer price index” went from 100.0 ' +
        'to 105.8 (+5.8%). Over the year, it rose 2.9%. Over the latest period, it rose 0.2%.',
    );
    const down = months(3).map((o, i) => ({ ...o, value: 100 - i }));
    expect(trendSentence('X', 'monthly', 1, down, 'en')).toContain('Over the latest period, it fell 1.0%.');
    expect(
      trendSentence(
        'X',
        'quarterly',
        1,
        [
          { period: '2026-01-01', value: 1, status: 'A' },
          { period: '2026-07-01', value: 1, status: 'A' },
        ],
        'en',
      ),
    ).toBe('From Q1 2026 to Q3 2026, the series “X” went from 1.0 to 1.0 (0.0%). Over the latest period, it was unchanged.');
    expect(trendSentence('X', 'annual', 0, [{ period: '2026-01-01', value: 12, status: 'A' }], 'en')).toBe(
      'X: only one value published, 12 in 2026.',
    );
    expect(trendSentence('X', 'monthly', 1, [], 'en')).toBe('X: no values published.');
  });
});

describe('series components', () => {
  it('draw an SVG with title and description, hollow points named in the caption', () => {
    const html = renderToStaticMarkup(SeriesChart({ data: data(months(132)), range: '5y', locale: 'fr' }));
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="graphique-IPC-5y-titre graphique-IPC-5y-desc"/);
    expect(html).toContain('<title id="graphique-IPC-5y-titre">Indice des prix sur cinq ans (indice, base 100 = 2020)</title>');
    expect(html).toContain('<desc id="graphique-IPC-5y-desc">De janvier 2022');
    expect(html.match(/<circle /g)).toHaveLength(3);
    expect(html).toContain('Point creux : valeur non définitive');
    expect(html.length).toBeLessThan(12_000);
  });

  it('table: caption, th scope, status as text with a legend, older values folded', () => {
    const html = renderToStaticMarkup(SeriesValuesTable({ data: data(months(40)), locale: 'fr' }));
    expect(html).toContain('<caption');
    expect(html).toContain('scope="col"');
    expect(html).toContain('scope="row"');
    expect(html).toContain('<abbr title="provisoire">p</abbr>');
    expect(html).toContain('Légende : p = provisoire');
    expect(html).toContain('<details');
    expect(html).toContain('Valeurs plus anciennes (16)');
  });
});
