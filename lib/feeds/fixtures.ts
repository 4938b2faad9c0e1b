/** Feeds' test fixtures: the French serializations are compared byte for byte with `__golden__/` (written before issue 29). */
import type { Release } from '@/lib/releases/model';
import type { AtomFeed } from './atom';

export const fixtureFeed: AtomFeed = {
  id: 'tag:inss.example,2026:publications',
  title: 'INSS — dernières publications',
  subtitle: 'Les parutions du calendrier, à leur mise en ligne, avec ce qu’elles ont publié.',
  self: 'https://inss.example/flux/publications.atom',
  alternate: 'https://inss.example/',
  author: 'INSS — Institut national de la statistique & des études',
  fallbackUpdated: new Date(0),
  entries: [
    {
      id: 'tag:inss.example,2026:publication/1',
      title: 'Indice des prix à la consommation <octobre> & « alimentation »',
      url: 'https://inss.example/indice/ipc/ipc-octobre-2026',
      updated: new Date('2026-11-12T08:45:00.123Z'),
      published: new Date('2026-11-12T08:45:00Z'),
      summary: 'Hausse de 0,3 % sur un an.',
      categories: ['Indice des prix à la consommation'],
    },
    {
      id: 'tag:inss.example,2026:publication/2',
      title: 'Sans résumé',
      url: 'https://inss.example/indice/ipc/b',
      updated: new Date('2026-10-12T08:45:00Z'),
    },
  ],
};

const release = (over: Partial<Release>): Release => ({
  id: 7,
  slug: 'ipc-novembre-2026',
  area: 'ipc',
  title: 'Indice des prix à la consommation – novembre 2026, avec une ligne assez longue pour être pliée au 75e octet',
  scheduledAt: new Date('2026-12-12T08:45:00Z'),
  status: 'confirmed',
  provisionalLabel: null,
  reason: null,
  contact: 'Diffusion, diffusion@inss.example',
  sequence: 0,
  updatedAt: new Date('2026-11-20T10:00:00Z'),
  createdAt: new Date('2026-10-01T10:00:00Z'),
  publications: [],
  versions: [],
  ...over,
});

export const fixtureReleases: Release[] = [
  release({}),
  release({
    id: 8,
    slug: 'ipi',
    title: 'IPI; production, « industrielle »',
    status: 'announced',
    provisionalLabel: 'mars 2027',
    sequence: 2,
  }),
  release({ id: 9, slug: 'annule', status: 'cancelled', reason: 'Enquête suspendue,\nreprise au 2e trimestre.', contact: '' }),
];
