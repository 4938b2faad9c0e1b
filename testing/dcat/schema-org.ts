/**
 * What Google's Dataset Search requires and recommends of schema.org `Dataset` and `DataCatalog`
 * markup (developers.google.com/search/docs/appearance/structured-data/dataset), as a list of
 * problems: a name, a description of 50 to 5,000 characters, absolute addresses, downloads with a
 * `contentUrl` and an `encodingFormat`. Empty when the markup passes.
 */
type Json = Record<string, unknown>;

const absolute = (v: unknown) => typeof v === 'string' && /^https?:\/\//.test(v);

export function datasetProblems(d: Json, where = 'Dataset'): string[] {
  const problems: string[] = [];
  if (d['@type'] !== 'Dataset') problems.push(`${where} : @type ${String(d['@type'])}`);
  if (typeof d.name !== 'string' || d.name.trim() === '') problems.push(`${where} : name manquant`);
  const description = d.description;
  if (typeof description !== 'string' || description.length < 50 || description.length > 5000)
    problems.push(`${where} : description de ${typeof description === 'string' ? description.length : 0} caractères (50 à 5 000)`);
  if (!absolute(d.url)) problems.push(`${where} : url ${String(d.url)}`);
  if (d.license !== undefined && !absolute(d.license)) problems.push(`${where} : license ${String(d.license)}`);
  const downloads = d.distribution === undefined ? [] : (d.distribution as Json[]);
  for (const [i, dl] of downloads.entries()) {
    if (dl['@type'] !== 'DataDownload' || !absolute(dl.contentUrl) || typeof dl.encodingFormat !== 'string')
      problems.push(`${where} : distribution ${i} incomplète`);
  }
  return problems;
}

export function dataCatalogProblems(c: Json): string[] {
  const problems: string[] = [];
  if (c['@context'] !== 'https://schema.org') problems.push('DataCatalog : @context');
  if (c['@type'] !== 'DataCatalog') problems.push(`DataCatalog : @type ${String(c['@type'])}`);
  if (typeof c.name !== 'string' || !c.name) problems.push('DataCatalog : name manquant');
  if (typeof c.description !== 'string' || !c.description) problems.push('DataCatalog : description manquante');
  if (!absolute(c.url)) problems.push('DataCatalog : url');
  const datasets = Array.isArray(c.dataset) ? (c.dataset as Json[]) : [];
  if (datasets.length === 0) problems.push('DataCatalog : aucun dataset');
  return [...problems, ...datasets.flatMap((d, i) => datasetProblems(d, `dataset ${i} (${String(d.name)})`))];
}
