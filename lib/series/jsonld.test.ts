import { describe, expect, it } from 'vitest';
import type { SeriesData } from './model';
import { datasetJsonLd } from './jsonld';

const data: SeriesData = {
  meta: {
    code: 'IPC',
    label: 'Indice des prix',
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
  observations: [{ period: '2026-10-01', value: 101.2, status: 'A' }],
};
const args = {
  data,
  url: 'https://stat.example/indice/ipc/serie/IPC',
  downloads: [],
  publisher: { name: 'INS', url: 'https://stat.example' },
};

describe('datasetJsonLd', () => {
  it('names the language of the page it describes, French by default', () => {
    expect(datasetJsonLd(args).inLanguage).toBe('fr');
    expect(datasetJsonLd({ ...args, locale: 'en' }).inLanguage).toBe('en');
  });
});
