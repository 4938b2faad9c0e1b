import { describe, expect, it } from 'vitest';
import { SdmxError } from './errors';
import { parseDataKey, parseFlowRef, parseSdmxQuery, type DataQuery, type StructureQuery } from './request';

const parse = (path: string) => {
  const url = new URL(`http://localhost/sdmx/rest/${path}`);
  return parseSdmxQuery(url.pathname.replace('/sdmx/rest/', '').split('/').map(decodeURIComponent), url);
};
const codeOf = (path: string) => {
  try {
    parse(path);
    return 0;
  } catch (e) {
    return e instanceof SdmxError ? e.code : -1;
  }
};

describe('SDMX REST addresses', () => {
  it('reads structure queries with all, latest, lists and a trailing slash', () => {
    const q = parse('dataflow/all/all/latest/') as StructureQuery;
    expect(q).toMatchObject({
      kind: 'structure',
      type: 'dataflow',
      agencies: 'all',
      ids: 'all',
      versions: 'all',
      references: 'none',
      detail: 'full',
    });
    expect(parse('datastructure/INSSTAT/DSD_A+DSD_B/1.0?references=children&detail=referencestubs')).toMatchObject({
      agencies: ['INSSTAT'],
      ids: ['DSD_A', 'DSD_B'],
      versions: ['1.0'],
      references: 'children',
      detail: 'referencestubs',
    });
    expect(parse('codelist')).toMatchObject({ type: 'codelist', ids: 'all', items: 'all' });
    expect(parse('codelist/INSSTAT/CL_X/latest/R01+R02')).toMatchObject({ items: ['R01', 'R02'] });
    expect(parse('conceptscheme/INSSTAT/CS_X?references=codelist')).toMatchObject({ references: 'codelist' });
  });

  it('reads data queries: flow references, keys, provider and parameters', () => {
    expect(parseFlowRef('DF_POP')).toEqual({ agency: null, id: 'DF_POP', version: null });
    expect(parseFlowRef('INSSTAT,DF_POP,latest')).toEqual({ agency: 'INSSTAT', id: 'DF_POP', version: null });
    expect(parseFlowRef('INSSTAT,DF_POP,1.0')).toEqual({ agency: 'INSSTAT', id: 'DF_POP', version: '1.0' });
    expect(parseDataKey('R01+R02..POP')).toEqual([['R01', 'R02'], [], ['POP']]);
    expect(parseDataKey('all')).toBeNull();
    expect(parseDataKey('')).toBeNull();
    const q = parse(
      'data/INSSTAT,DF_POP,1.0/R01.F./INSSTAT/?startPeriod=2020-Q1&endPeriod=2024&lastNObservations=2&firstNObservations=1' +
        '&updatedAfter=2026-01-01T00:00:00Z&dimensionAtObservation=AllDimensions&detail=serieskeysonly',
    ) as DataQuery;
    expect(q).toMatchObject({
      kind: 'data',
      key: [['R01'], ['F'], []],
      provider: 'INSSTAT',
      startPeriod: '2020-Q1',
      endPeriod: '2024',
      lastNObservations: 2,
      firstNObservations: 1,
      dimensionAtObservation: 'AllDimensions',
      detail: 'serieskeysonly',
    });
    expect(q.updatedAfter?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(parse('data/DF_POP')).toMatchObject({ key: null, provider: null, dimensionAtObservation: 'TIME_PERIOD', detail: 'full' });
    expect(parse('availableconstraint/DF_POP/R01../all/REGION?mode=available')).toMatchObject({
      kind: 'availability',
      component: 'REGION',
      mode: 'available',
    });
  });

  it('refuses what the standard does not allow with 140, what it has and the site does not hold with 501', () => {
    for (const bad of [
      '',
      'dataflows/all',
      'dataflow/all/all/latest/x/y',
      'dataflow/all/all/latest?references=cousins',
      'dataflow/all/all/latest?detail=most',
      'dataflow/all/all/latest?foo=1',
      'dataflow/all/all/latest?references=all&references=none',
      'dataflow/all/all/v1',
      'dataflow/<x>',
      'data/',
      'data/DF_POP/R01++R02',
      'data/DF_POP/<script>',
      'data/a,b,c,d',
      'data/DF_POP/all/all/extra',
      'data/DF_POP?startPeriod=hier',
      'data/DF_POP?lastNObservations=0',
      'data/DF_POP?lastNObservations=-1',
      'data/DF_POP?firstNObservations=1.5',
      'data/DF_POP?updatedAfter=demain',
      'data/DF_POP?detail=tout',
      'data/DF_POP?dimensionAtObservation=%3Cx%3E',
      'availableconstraint/DF_POP?mode=some',
    ])
      expect(codeOf(bad), bad).toBe(140);
    expect(codeOf('categoryscheme/all/all/latest')).toBe(501);
    expect(codeOf('data/DF_POP?includeHistory=true')).toBe(501);
  });
});

describe('the trailing slash', () => {
  it('is dropped from SDMX paths only, the query kept', async () => {
    const { sdmxWithoutTrailingSlash } = await import('./address');
    expect(sdmxWithoutTrailingSlash('/sdmx/rest/dataflow/all/all/latest/')).toBe('/sdmx/rest/dataflow/all/all/latest');
    expect(sdmxWithoutTrailingSlash('/sdmx/rest/datastructure/INSSTAT/DSD_X/latest/?references=children')).toBe(
      '/sdmx/rest/datastructure/INSSTAT/DSD_X/latest?references=children',
    );
    expect(sdmxWithoutTrailingSlash('/sdmx/rest/data/DF_X/all')).toBe('/sdmx/rest/data/DF_X/all');
    expect(sdmxWithoutTrailingSlash('/donnees/')).toBe('/donnees/');
    expect(sdmxWithoutTrailingSlash('/sdmx/rest/')).toBe('/sdmx/rest/');
  });
});
