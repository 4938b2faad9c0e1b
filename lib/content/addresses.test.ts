import { describe, expect, it } from 'vitest';
import { parseAreaSegments } from './addresses';

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
