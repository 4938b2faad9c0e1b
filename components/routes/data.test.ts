/**
 * The data page lists each series by its label in the page's language: the English label where
 * the series has one (its translations sit beside `meta`, not in it), the French one marked
 * `lang="fr"` where not. The cached read is replaced by the rows it returns.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { seriesData } from '@/components/content/fixtures.test-data';
import { dataRoute } from './data';

const rows = vi.hoisted(() => ({ series: [] as unknown[] }));
// Tables are read through Next's cache, which runs only inside Next: none here.
vi.mock('@/lib/tables/read/public', () => ({
  getPublicTableList: async () => [],
  getReleaseTables: async () => [],
  getSeriesSlice: async () => null,
}));
vi.mock('@/lib/series/public', () => ({ getAllSeries: async () => rows.series }));

describe('the data page', () => {
  it('shows a series in English where translated', async () => {
    rows.series = [{ ...seriesData, translations: { en: { label: 'Consumer price index' } } }];
    const out = renderToStaticMarkup(await dataRoute('en').Page());
    expect(out).toContain('>Consumer price index</a>');
    expect(out).not.toContain(`>${seriesData.meta.label}</a>`);
  });

  it('shows the French label, marked, where not', async () => {
    rows.series = [{ ...seriesData, translations: {} }];
    const out = renderToStaticMarkup(await dataRoute('en').Page());
    expect(out).toContain(`<span lang="fr"><a class="underline" href="/en/indice/ipc/series/IPC">${seriesData.meta.label}</a></span>`);
  });
});
