import { describe, expect, it } from 'vitest';
import { publicAreaPaths } from '@/lib/content/areas';
import { isPublicPathShape, publicPathExists } from './public-paths';

describe('isPublicPathShape', () => {
  it('accepts every public path of the registry and their sub-pages', () => {
    for (const path of ['/', ...publicAreaPaths()]) expect(isPublicPathShape(path), path).toBe(true);
    for (const path of [
      '/indice/ipc/ipc-septembre-2026',
      '/indice/ipc/annee/2025',
      '/rgph/page/2',
      '/actualites/12',
      '/actualites/page/2',
      '/lois_decrets/lois/annee/2021/page/3',
      '/indice/ipc/series/IPC',
      '/indice/ipc/series/IPC/5-ans',
      '/indice/ipc/series/IPC/tout',
    ]) {
      expect(isPublicPathShape(path), path).toBe(true);
    }
  });
  it('refuses what cannot exist', () => {
    for (const path of [
      '/nimportequoi',
      '/actualites/abc',
      '/actualites/0',
      '/actualites/page/1',
      '/indice/zzz',
      '/indice',
      '/events/2',
      '/indice/ipc/Note',
      '/indice/ipc/a/b',
      '/introuvable/x',
      '/presentation',
      '/presentation/mission/x',
      '/indice//ipc',
      '/indice/ipc/series',
      '/indice/ipc/series/ipc',
      '/indice/ipc/series/IPC/10-ans',
      '/indice/ipc/series/IPC/tout/x',
    ]) {
      expect(isPublicPathShape(path), path).toBe(false);
    }
  });
});

describe('publicPathExists', () => {
  const index = {
    publications: new Set(['ipc/ipc-septembre-2026']),
    areaCounts: new Map([
      [
        'ipc',
        {
          total: 12,
          years: new Map([
            [2026, 11],
            [2025, 1],
          ]),
        },
      ],
    ]),
    newsIds: new Set([3]),
    newsTotal: 12,
    series: new Set(['ipc/IPC']),
    releases: new Set(['ipc-novembre-2026']),
    tables: new Set(['POP_REGION']),
    surveys: new Set(['ehcvm-2024']),
    surveyVariables: new Set(['ehcvm-2024/HHSIZE']),
  };
  it('knows the microdata catalogue’s surveys, their DDI files and their variables', () => {
    expect(publicPathExists('/microdonnees', index)).toBe(true);
    expect(publicPathExists('/en/microdonnees/variables', index)).toBe(true);
    expect(publicPathExists('/microdonnees/ehcvm-2024', index)).toBe(true);
    expect(publicPathExists('/microdonnees/ehcvm-2024/ddi.xml', index)).toBe(true);
    expect(publicPathExists('/microdonnees/ehcvm-2024/ddi.pdf', index)).toBe(false);
    expect(publicPathExists('/microdonnees/ehcvm-2024/variables/HHSIZE', index)).toBe(true);
    expect(publicPathExists('/microdonnees/ehcvm-2024/variables/AGE', index)).toBe(false);
    expect(publicPathExists('/microdonnees/rgph-2013', index)).toBe(false);
  });
  it('knows what the database holds', () => {
    expect(publicPathExists('/indice/ipc/ipc-septembre-2026', index)).toBe(true);
    expect(publicPathExists('/indice/ipc/ipc-octobre-2026', index)).toBe(false);
    expect(publicPathExists('/indice/ipc/page/2', index)).toBe(true);
    expect(publicPathExists('/indice/ipc/page/3', index)).toBe(false);
    expect(publicPathExists('/indice/ipc/annee/2025', index)).toBe(true);
    expect(publicPathExists('/indice/ipc/annee/2025/page/2', index)).toBe(false);
    expect(publicPathExists('/indice/ipc/annee/2019', index)).toBe(false);
    expect(publicPathExists('/indice/ice', index)).toBe(true);
    expect(publicPathExists('/actualites/3', index)).toBe(true);
    expect(publicPathExists('/actualites/4', index)).toBe(false);
    expect(publicPathExists('/actualites/page/2', index)).toBe(true);
    expect(publicPathExists('/actualites/page/3', index)).toBe(false);
    expect(publicPathExists('/indice/ipc/series/IPC', index)).toBe(true);
    expect(publicPathExists('/indice/ipc/series/IPC/5-ans', index)).toBe(true);
    // A series lives under its own area only.
    expect(publicPathExists('/indice/ipi/series/IPC', index)).toBe(false);
    expect(publicPathExists('/indice/ipc/series/IPI', index)).toBe(false);
    expect(publicPathExists('/calendrier', index)).toBe(true);
    expect(publicPathExists('/calendrier/rubrique/ipc', index)).toBe(true);
    expect(publicPathExists('/calendrier/rubrique/inconnue', index)).toBe(false);
    expect(publicPathExists('/calendrier/ipc-novembre-2026', index)).toBe(true);
    expect(publicPathExists('/calendrier/ipc-decembre-2026', index)).toBe(false);
    expect(publicPathExists('/calendrier/ipc-novembre-2026/x', index)).toBe(false);
    expect(publicPathExists('/donnees/tableaux/POP_REGION', index)).toBe(true);
    expect(publicPathExists('/en/donnees/tableaux/POP_REGION', index)).toBe(true);
    expect(publicPathExists('/donnees/tableaux/POP_AUTRE', index)).toBe(false);
    expect(publicPathExists('/donnees/tableaux/pop_region', index)).toBe(false);
    expect(publicPathExists('/donnees/tableaux', index)).toBe(false);
    expect(publicPathExists('/donnees/tableaux/POP_REGION/x', index)).toBe(false);
  });
  it('answers for English paths as for their French ones', () => {
    for (const path of [
      '/en',
      '/en/',
      '/en/indice/ipc/ipc-septembre-2026',
      '/en/indice/ipc/page/2',
      '/en/actualites/3',
      '/en/indice/ipc/series/IPC',
      '/en/calendrier/ipc-novembre-2026',
      '/en/recherche',
      '/en/donnees',
    ]) {
      expect(publicPathExists(path, index), path).toBe(true);
    }
    for (const path of [
      '/en/indice/ipc/ipc-octobre-2026',
      '/en/actualites/4',
      '/en/nimportequoi',
      '/en/en/indice/ipc',
      '/enx/indice/ipc',
    ]) {
      expect(publicPathExists(path, index), path).toBe(false);
    }
  });
});
