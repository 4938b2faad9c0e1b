/**
 * The smallest RDF the catalogue needs: named nodes and literals (no blank node: every node of the
 * catalogue has an IRI, so the three serializations name the same nodes and count the same
 * triples), the namespaces it writes with their prefixes, and a graph that keeps each triple once.
 */

export type Iri = { termType: 'NamedNode'; value: string };
export type Literal = { termType: 'Literal'; value: string; language?: string; datatype?: string };
export type Term = Iri | Literal;
export type Triple = { subject: Iri; predicate: Iri; object: Term };

/** The namespaces of DCAT-AP 3, StatDCAT-AP and Hydra, by the prefixes the serializations write. */
export const namespaces = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  dcat: 'http://www.w3.org/ns/dcat#',
  dct: 'http://purl.org/dc/terms/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  vcard: 'http://www.w3.org/2006/vcard/ns#',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  spdx: 'http://spdx.org/rdf/terms#',
  adms: 'http://www.w3.org/ns/adms#',
  hydra: 'http://www.w3.org/ns/hydra/core#',
  stat: 'http://data.europa.eu/s1n/',
  qb: 'http://purl.org/linked-data/cube#',
} as const;
export type Prefix = keyof typeof namespaces;

export const iri = (value: string): Iri => ({ termType: 'NamedNode', value });
/** `dct:title` → the full IRI. */
export const term = (curie: `${Prefix}:${string}`): Iri => {
  const [prefix, local] = curie.split(':') as [Prefix, string];
  return iri(namespaces[prefix] + local);
};
/** Text without the characters XML 1.0 cannot carry (RDF/XML must say what Turtle and JSON-LD say). */
const clean = (value: string) => value.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');

export const text = (value: string, language: string): Literal => ({ termType: 'Literal', value: clean(value), language });
export const typed = (value: string, datatype: `xsd:${string}`): Literal => ({
  termType: 'Literal',
  value,
  datatype: namespaces.xsd + datatype.slice(4),
});
export const plain = (value: string): Literal => ({ termType: 'Literal', value: clean(value) });

/** `{ prefix, local }` of an IRI in a known namespace whose local part is an XML name (RDF/XML's elements), else null. */
export function splitIri(value: string): { prefix: Prefix; local: string } | null {
  for (const [prefix, ns] of Object.entries(namespaces) as [Prefix, string][]) {
    if (value.startsWith(ns)) {
      const local = value.slice(ns.length);
      if (/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(local)) return { prefix, local };
    }
  }
  return null;
}

const keyOf = (t: Term) => (t.termType === 'NamedNode' ? `<${t.value}>` : `"${t.value}"@${t.language ?? ''}^^${t.datatype ?? ''}`);

/** Triples in the order they were added, each once. */
export class Graph {
  readonly triples: Triple[] = [];
  private readonly seen = new Set<string>();

  add(subject: Iri, predicate: Iri, object: Term): this {
    const key = `${subject.value} ${predicate.value} ${keyOf(object)}`;
    if (!this.seen.has(key)) {
      this.seen.add(key);
      this.triples.push({ subject, predicate, object });
    }
    return this;
  }

  /** Adds `subject predicate object` for each object. */
  addAll(subject: Iri, predicate: Iri, objects: readonly Term[]): this {
    for (const o of objects) this.add(subject, predicate, o);
    return this;
  }
}
