/** How many processes serve: one per core on Postgres by default, always one on PGlite. */
import { describe, expect, it } from 'vitest';
import { runsServerWideWork, servesReaders, workerCount } from './cluster';

describe('server workers', () => {
  it('runs one per core on Postgres unless told, and one on PGlite whatever the setting', () => {
    expect(workerCount('auto', true, 4)).toBe(4);
    expect(workerCount(2, true, 8)).toBe(2);
    expect(workerCount('auto', false, 8)).toBe(1);
    expect(workerCount(4, false, 8)).toBe(1);
  });

  it('runs the server-wide work outside a cluster, and serves readers there too', () => {
    expect(runsServerWideWork()).toBe(true);
    expect(servesReaders()).toBe(true);
  });
});
