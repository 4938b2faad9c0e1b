import { describe, expect, it } from 'vitest';
import {
  areaCalendarPath,
  calendarPath,
  dataPath,
  feedPath,
  fileUrl,
  icsPath,
  newsListPath,
  newsUrl,
  nsdpFilePath,
  nsdpPath,
  parseAreaSegments,
  releasePath,
  searchPath,
  tableApiPath,
  tableCodePattern,
  tableDownloadPath,
  tablePath,
  tablesPrefix,
} from './addresses';
import { resolvePublicPath } from '@/lib/routing/public-paths';

// The public addresses are links other sites, feed readers and calendars keep: a change here breaks them.
describe('public addresses', () => {
  it("name the tables' pages and files under /donnees and the API", () => {
    expect([tablesPrefix, tablePath('POP_REGION')]).toEqual(['/donnees/tableaux/', '/donnees/tableaux/POP_REGION']);
    expect([tableApiPath('POP'), tableApiPath('POP', 'all'), tableApiPath('POP', 'R01+R02..2024')]).toEqual([
      '/api/v1/tables/POP',
      '/api/v1/tables/POP',
      '/api/v1/tables/POP/R01+R02..2024',
    ]);
    expect([tableDownloadPath('POP', 'csv'), tableDownloadPath('POP', 'xlsx', 'R01..', 'en')]).toEqual([
      '/api/v1/tables/POP?format=csv',
      '/api/v1/tables/POP/R01..?format=xlsx&lang=en',
    ]);
    expect(['POP_REGION', 'pop', 'P', '1POP'].map((c) => tableCodePattern.test(c))).toEqual([true, false, false, false]);
  });

  it('name every page, file and feed as published', () => {
    expect([calendarPath, areaCalendarPath('ipc'), areaCalendarPath(), releasePath({ slug: 'ipc-2026-09' })]).toEqual([
      '/calendrier',
      '/calendrier/rubrique/ipc',
      '/calendrier',
      '/calendrier/ipc-2026-09',
    ]);
    expect([newsUrl({ id: 12 }), newsListPath(), newsListPath(1), newsListPath(3)]).toEqual([
      '/actualites/12',
      '/actualites',
      '/actualites',
      '/actualites/page/3',
    ]);
    expect([dataPath, nsdpPath, nsdpFilePath({ id: 'cpi' }), searchPath]).toEqual(['/donnees', '/nsdp', '/nsdp/cpi.xml', '/recherche']);
    expect([feedPath('actualites'), feedPath('publications', 'ipc'), feedPath('parutions'), icsPath(), icsPath('ipc')]).toEqual([
      '/flux/actualites.atom',
      '/flux/publications/ipc.atom',
      '/flux/parutions.atom',
      '/flux/calendrier.ics',
      '/flux/calendrier/ipc.ics',
    ]);
    expect(fileUrl({ id: 'abc', name: 'note finale.pdf' })).toBe('/fichiers/abc/note%20finale.pdf');
  });
  it('are pages the proxy lets through', () => {
    for (const path of [calendarPath, areaCalendarPath('ipc'), releasePath({ slug: 'x' }), dataPath, nsdpPath, searchPath, newsListPath(2)])
      expect(resolvePublicPath(path), path).not.toBeNull();
  });
});

describe('parseAreaSegments', () => {
  it('reads list filters and publication slugs', () => {
    expect(parseAreaSegments(undefined)).toEqual({ kind: 'list', page: 1 });
    expect(parseAreaSegments(['annee', '2025'])).toEqual({ kind: 'list', year: 2025, page: 1 });
    expect(parseAreaSegments(['page', '3'])).toEqual({ kind: 'list', page: 3 });
    expect(parseAreaSegments(['annee', '2024', 'page', '2'])).toEqual({ kind: 'list', year: 2024, page: 2 });
    expect(parseAreaSegments(['note-ipc-septembre-2026'])).toEqual({ kind: 'publication', slug: 'note-ipc-septembre-2026' });
  });
  it('rejects anything else (404)', () => {
    for (const bad of [
      ['annee'],
      ['annee', 'abc'],
      ['page', '1'],
      ['page', '0'],
      ['page', '2', 'annee', '2025'],
      ['Note'],
      ['a', 'b'],
      ['annee', '2025', 'x'],
      ['page'],
      ['annee', '1e3'],
    ]) {
      expect(parseAreaSegments(bad), bad.join('/')).toBeNull();
    }
  });
});
