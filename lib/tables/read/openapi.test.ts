import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { catalogue } from '@/lib/series/api';
import { toJson } from '@/lib/series/files/export';
import type { SeriesData } from '@/lib/series/model';
import { fullOpenApiDocument } from './openapi';

const series: SeriesData = {
  meta: {
    code: 'IPC',
    label: 'Indice des prix',
    unit: 'indice',
    basePeriod: 'base 100 = 2020',
    frequency: 'monthly',
    decimals: 1,
    seasonalAdjustment: 'none',
    source: '',
    methodology: '',
    area: 'ipc',
    headline: true,
    imfIndicator: null,
  },
  version: { number: 1, publishedAt: '2026-10-12T08:45:00.000Z', kind: 'revision', reason: '' },
  observations: [{ period: '2026-09-01', value: 101.2, status: 'P' }],
} as SeriesData;

/** A validator of the schema at a JSON pointer of the description. */
function validator(pointer: string) {
  const doc = fullOpenApiDocument('https://ins.example.org', 'Institut');
  // JSON Schema draft-07 (ajv 6): the description's schemas use nothing of 2020-12 that draft-07 lacks.
  const ajv = new Ajv({ allErrors: true, unknownFormats: 'ignore' });
  ajv.addSchema({ ...doc, $id: 'https://ins.example.org/openapi.json' });
  return ajv.compile({ $ref: `https://ins.example.org/openapi.json#${pointer}` });
}
const seriesListJson = '/paths/~1api~1v1~1series/get/responses/200/content/application~1json/schema';

describe('the OpenAPI description (issue 27 item 7)', () => {
  it('has the catalogue of /api/v1/series match exactly one schema of its oneOf, and a JSON file the other', () => {
    const validate = validator(seriesListJson);
    const cat = JSON.parse(JSON.stringify(catalogue([series], 'https://ins.example.org')));
    expect(validate(cat), JSON.stringify(validate.errors)).toBe(true);
    const file = JSON.parse(toJson([series]));
    expect(validate(file), JSON.stringify(validate.errors)).toBe(true);
    // Each alone: the catalogue is no SeriesFile, the file no Catalogue.
    expect(validator('/components/schemas/SeriesFile')(cat)).toBe(false);
    expect(validator('/components/schemas/Catalogue')(file)).toBe(false);
    // Empty lists too are told apart (a file always carries its statuses' labels).
    expect(validate({ series: [] })).toBe(true);
    expect(validate(JSON.parse(toJson([])))).toBe(true);
  });

  it('documents the tables: key syntax, formats, the cell limit and bad keys', () => {
    const doc = fullOpenApiDocument('https://ins.example.org', 'Institut');
    const keyed = doc.paths['/api/v1/tables/{id}/{key}'].get;
    expect(keyed.description).toMatch(/« \+ » entre plusieurs valeurs/);
    expect(Object.keys(keyed.responses)).toEqual(expect.arrayContaining(['200', '304', '400', '404', '413', '429']));
    expect(keyed.parameters.find((p) => p.name === 'format')?.schema).toEqual({
      type: 'string',
      enum: ['csv', 'csv-fr', 'xlsx', 'jsonstat', 'sdmx-csv', 'json'],
    });
    expect(doc.components.schemas.JsonStatDataset.required).toContain('dimension');
  });
});
