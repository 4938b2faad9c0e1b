/** Rows as the public queries return them, for the components' render tests. */
import type { PublicFile } from '@/lib/content/queries/files';
import type { PublicationDetail } from '@/lib/content/queries/publications';
import type { LocalizableSeriesData } from '@/lib/series/queries';

const file: PublicFile = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'ipc-octobre.pdf',
  label: 'Note complète',
  mime: 'application/pdf',
  ext: 'pdf',
  size: 123456,
  width: null,
  height: null,
  restricted: false,
};

export const publication: PublicationDetail = {
  id: 7,
  area: 'ipc',
  slug: 'ipc-octobre-2026',
  title: 'Indice des prix à la consommation, octobre 2026',
  summary: 'Les prix augmentent de 0,4 % sur un mois.',
  body: '<p>Les prix de l’alimentation tirent l’indice.</p>',
  periodLabel: 'Octobre 2026',
  publishedAt: new Date('2026-11-10T08:00:00Z'),
  fields: {},
  translations: {},
  files: [file],
  periodStart: '2026-10-01',
  periodEnd: '2026-10-31',
  updatedAt: new Date('2026-11-10T08:00:00Z'),
};

export const related = [
  {
    id: 8,
    area: 'ipc',
    slug: 'ipc-septembre-2026',
    title: 'Indice des prix, septembre 2026',
    periodLabel: 'Septembre 2026',
    translations: {},
  },
];

export const news = {
  id: 3,
  slug: 'journee-statistique',
  title: 'Journée africaine de la statistique',
  excerpt: 'L’institut ouvre ses portes.',
  body: '<p>Programme de la journée.</p>',
  publishedAt: new Date('2026-11-18T09:00:00Z'),
  updatedAt: new Date('2026-11-18T09:00:00Z'),
  translations: {},
  cover: null,
};

export const seriesData: LocalizableSeriesData = {
  meta: {
    code: 'IPC',
    label: 'Indice des prix à la consommation',
    unit: 'indice',
    basePeriod: 'base 100 en 2014',
    frequency: 'monthly',
    decimals: 1,
    seasonalAdjustment: 'none',
    source: 'Enquête sur les prix',
    methodology: 'Indice de Laspeyres chaîné.',
    area: 'ipc',
    headline: true,
    imfIndicator: null,
  },
  version: { number: 2, publishedAt: '2026-11-10T08:00:00.000Z', kind: 'revision', reason: 'Publication mensuelle' },
  observations: Array.from({ length: 14 }, (_, i) => ({
    period: `${i < 2 ? 2025 : 2026}-${String(((i + 10) % 12) + 1).padStart(2, '0')}-01`,
    value: 100 + i / 2,
    status: 'A' as const,
  })),
  translations: {},
};
