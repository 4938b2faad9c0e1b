import { describe, expect, it } from 'vitest';
import { fullOpenApiDocument } from '@/lib/tables/read/openapi';
import { withSdmx } from './openapi';

describe('the OpenAPI description', () => {
  it('lists the SDMX 2.1 REST service: structures, data with its key and formats, availability', () => {
    const doc = withSdmx(fullOpenApiDocument('https://ins.example.org', 'Institut'));
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/tables',
        '/sdmx/rest/dataflow/{agencyID}/{resourceID}/{version}',
        '/sdmx/rest/data/{flowRef}/{key}/{providerRef}',
      ]),
    );
    expect(paths.filter((p) => p.startsWith('/sdmx/rest/'))).toHaveLength(6);
    const data = (doc.paths as Record<string, { get: { description?: string; responses: Record<string, { content?: object }> } }>)[
      '/sdmx/rest/data/{flowRef}/{key}/{providerRef}'
    ]!.get;
    expect(data.description).toMatch(/DF_\{CODE\}/);
    expect(Object.keys(data.responses['200']!.content!)).toEqual([
      'application/vnd.sdmx.genericdata+xml',
      'application/vnd.sdmx.structurespecificdata+xml',
      'application/vnd.sdmx.data+json',
      'application/vnd.sdmx.data+csv',
    ]);
    expect(Object.keys(data.responses)).toEqual(expect.arrayContaining(['200', '400', '404', '406', '413']));
    expect(doc.info.description).toMatch(/SDMX 2\.1 REST sous \/sdmx\/rest/);
  });
});
