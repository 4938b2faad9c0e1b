import { describe, expect, it } from 'vitest';
import { dataCatalogProblems, datasetProblems } from '@/testing/dcat/schema-org';
import { dataCatalogJsonLd } from './schema-org';

const site = 'https://stat.example.org';
const publisher = { name: 'Institut national de la statistique', url: site };
const license = 'http://publications.europa.eu/resource/authority/licence/CC_BY_4_0';

describe('schema.org DataCatalog of the open-data page', () => {
  const markup = dataCatalogJsonLd({
    url: `${site}/en/donnees`,
    site,
    name: 'Open data',
    description: 'Every series and table, with the API and the DCAT-AP catalogue.',
    locale: 'en',
    publisher,
    license,
    datasets: [
      { name: 'Population', description: 'Population (POP).', url: '/donnees/tableaux/POP', identifier: 'table/POP' },
      {
        name: 'CPI',
        description: 'Consumer price index (IPC), index, base 2015. Laspeyres.',
        url: `${site}/en/indice/ipc/series/IPC`,
        identifier: 'series/IPC',
      },
    ],
  });

  it('passes Dataset Search’s rules, each dataset at its address in the page’s language, short descriptions lengthened', () => {
    expect(dataCatalogProblems(markup)).toEqual([]);
    expect(markup.dataset.map((d) => d.url)).toEqual([`${site}/en/donnees/tableaux/POP`, `${site}/en/indice/ipc/series/IPC`]);
    expect(markup.dataset[0]!.description.length).toBeGreaterThanOrEqual(50);
    expect(markup.subjectOf.map((s) => s.url)).toEqual([`${site}/catalogue.ttl`, `${site}/catalogue.jsonld`, `${site}/catalogue.rdf`]);
  });

  it('the check itself refuses a dataset without a name or with a relative address', () => {
    expect(datasetProblems({ '@type': 'Dataset', description: 'x'.repeat(60), url: '/donnees' })).toHaveLength(2);
    expect(dataCatalogProblems({ ...markup, dataset: [] })).toEqual(['DataCatalog : aucun dataset']);
  });
});
