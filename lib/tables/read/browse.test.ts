import { describe, expect, it } from 'vitest';
import { browsePageSize, browseValues, pageParam, searchParam } from './selection';

const places = {
  code: 'LIEU',
  values: Array.from({ length: 1000 }, (_, i) => ({
    code: `L${String(i).padStart(4, '0')}`,
    label: i === 7 ? 'Région de l’Été' : `Lieu ${i}`,
  })),
};

describe('a long dimension in the form', () => {
  it('offers one page of the values not chosen, the chosen ones apart', () => {
    const b = browseValues(places, new Set(['L0000', 'L0001']), {});
    expect(b).toMatchObject({ term: '', page: 1, pages: Math.ceil(998 / browsePageSize), total: 998, from: 1 });
    expect(b.values).toHaveLength(browsePageSize);
    expect(b.values[0]!.code).toBe('L0002');
  });

  it('moves through pages with page.{CODE}, the nearest page when out of range or not a number', () => {
    const third = browseValues(places, new Set(), { [pageParam('LIEU')]: '3' });
    expect([third.page, third.from, third.values[0]!.code]).toEqual([3, 2 * browsePageSize + 1, `L00${2 * browsePageSize}`]);
    expect(browseValues(places, new Set(), { [pageParam('LIEU')]: '9999' }).page).toBe(40);
    expect(browseValues(places, new Set(), { [pageParam('LIEU')]: '0' }).page).toBe(1);
    expect(browseValues(places, new Set(), { [pageParam('LIEU')]: 'x' }).page).toBe(1);
  });

  it('searches by label or code, ignoring case and accents', () => {
    expect(browseValues(places, new Set(), { [searchParam('LIEU')]: '  ete ' }).values.map((v) => v.code)).toEqual(['L0007']);
    const byCode = browseValues(places, new Set(['L0999']), { [searchParam('LIEU')]: 'l099' });
    expect(byCode.values.map((v) => v.code)).toEqual(['L0990', 'L0991', 'L0992', 'L0993', 'L0994', 'L0995', 'L0996', 'L0997', 'L0998']);
    expect(browseValues(places, new Set(), { [searchParam('LIEU')]: 'zzz' })).toMatchObject({ total: 0, pages: 1, values: [] });
    expect(browseValues(places, new Set(), { [searchParam('LIEU')]: 'x'.repeat(500) }).term).toHaveLength(100);
  });
});
