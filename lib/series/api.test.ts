import { describe, expect, it } from 'vitest';
import { CLIENT_IP_HEADER } from '@/lib/http/client-ip';
import { filterObservations, parseQuery, rateLimit, rateLimitPerMinute, resetRateLimit } from './api';
import type { SeriesData } from './model';

const data: SeriesData = {
  meta: {
    code: 'IPC',
    label: 'Indice',
    unit: 'indice',
    basePeriod: '',
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
  observations: ['2025-11', '2025-12', '2026-01', '2026-02', '2026-03'].map((p, i) => ({
    period: `${p}-01`,
    value: 100 + i,
    status: 'A' as const,
  })),
};

const url = (query: string) => new URL(`http://x/api/v1/series/IPC?${query}`);
const allowed = ['format', 'startPeriod', 'endPeriod', 'lastNObservations', 'asOf'] as const;

describe('parseQuery', () => {
  it('reads every parameter and refuses unknown ones in French', () => {
    const ok = parseQuery(url('format=sdmx-csv&startPeriod=2026-01&lastNObservations=2&asOf=2026-01-01T00:00:00Z'), allowed);
    expect(ok).toMatchObject({ ok: true, query: { format: 'sdmx-csv', startPeriod: '2026-01', lastNObservations: 2 } });
    if (ok.ok) expect(ok.at?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(parseQuery(url('fromat=csv'), allowed)).toEqual({
      ok: false,
      error: 'Paramètre inconnu : fromat. Paramètres admis : format, startPeriod, endPeriod, lastNObservations, asOf.',
    });
    const bad = parseQuery(url('format=pdf&startPeriod=janvier&lastNObservations=-1&asOf=hier'), allowed);
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error).toContain('Format inconnu');
      expect(bad.error).toContain('Période au format SDMX attendue');
      expect(bad.error).toContain('lastNObservations : un nombre entier positif.');
      expect(bad.error).toContain('asOf');
    }
  });

  it('never reads later than now: an asOf in the future is now, so nothing under embargo shows', () => {
    const future = parseQuery(url('asOf=2999-01-01T00:00:00Z'), allowed);
    expect(future.ok && future.at!.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('filterObservations', () => {
  it('bounds by periods in any notation, then keeps the last N', () => {
    expect(filterObservations(data, { startPeriod: '2026' }).observations.map((o) => o.period)).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
    ]);
    expect(filterObservations(data, { endPeriod: '2025-Q4' }).observations).toHaveLength(2);
    expect(
      filterObservations(data, { startPeriod: '2025-12', endPeriod: '2026-02', lastNObservations: 2 }).observations.map((o) => o.value),
    ).toEqual([102, 103]);
  });
});

describe('rateLimit', () => {
  it('answers with Retry-After past the published limit, per address', () => {
    resetRateLimit();
    const now = Date.parse('2026-11-24T10:00:30Z');
    const from = (ip: string) => new Request('http://x/', { headers: { [CLIENT_IP_HEADER]: ip } });
    for (let i = 0; i < rateLimitPerMinute; i++) expect(rateLimit(from('10.0.0.1'), now).retryAfter).toBeNull();
    const over = rateLimit(from('10.0.0.1'), now);
    expect(over.retryAfter).toBe(30);
    expect(over.headers['RateLimit-Remaining']).toBe('0');
    expect(rateLimit(from('10.0.0.2'), now).retryAfter).toBeNull();
    // A new minute, a new allowance.
    expect(rateLimit(from('10.0.0.1'), now + 31_000).retryAfter).toBeNull();
  });
});
