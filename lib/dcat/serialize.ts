/**
 * The catalogue's three serializations, each written from the same triples (./model.ts
 * `catalogueGraph`): Turtle, JSON-LD (a flat `@graph` under a context of the prefixes) and RDF/XML
 * (one `rdf:Description` per subject). Each subject's triples are written together, in the order
 * they were added; no blank node, so a parser of any of them reads the same triples.
 */
import { namespaces, splitIri, type Iri, type Term, type Triple } from './rdf';

export const catalogueFormats = ['turtle', 'jsonld', 'rdfxml'] as const;
export type CatalogueFormat = (typeof catalogueFormats)[number];

export const catalogueContentType: Record<CatalogueFormat, string> = {
  turtle: 'text/turtle; charset=utf-8',
  jsonld: 'application/ld+json; charset=utf-8',
  rdfxml: 'application/rdf+xml; charset=utf-8',
};

/** The file extension of each serialization's own address (`/catalogue.ttl`…). */
export const catalogueExtension: Record<CatalogueFormat, 'ttl' | 'jsonld' | 'rdf'> = { turtle: 'ttl', jsonld: 'jsonld', rdfxml: 'rdf' };

const RDF_TYPE = `${namespaces.rdf}type`;

/** Triples grouped by subject, subjects in order of first appearance. */
function bySubject(triples: readonly Triple[]): Map<string, Triple[]> {
  const groups = new Map<string, Triple[]>();
  for (const t of triples) {
    const list = groups.get(t.subject.value);
    if (list) list.push(t);
    else groups.set(t.subject.value, [t]);
  }
  return groups;
}

// ─── Turtle ──────────────────────────────────────────────────────────────────────────────────

const ttlString = (s: string) =>
  `"${s.replace(/[\\"\n\r\t\u0000-\u001f\u007f]/g, (c) => {
    switch (c) {
      case '\\':
        return '\\\\';
      case '"':
        return '\\"';
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '\t':
        return '\\t';
      default:
        return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
    }
  })}"`;

/** `<…>` with the characters an IRIREF may not hold escaped as UCHAR. */
const ttlIri = (value: string) =>
  `<${value.replace(/[\u0000-\u0020<>"{}|^`\\]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}>`;

const ttlName = (value: string) => {
  const split = splitIri(value);
  return split && !split.local.endsWith('.') ? `${split.prefix}:${split.local}` : ttlIri(value);
};

function ttlTerm(t: Term): string {
  if (t.termType === 'NamedNode') return ttlIri(t.value);
  if (t.language) return `${ttlString(t.value)}@${t.language}`;
  if (t.datatype) return `${ttlString(t.value)}^^${ttlName(t.datatype)}`;
  return ttlString(t.value);
}

export function toTurtle(triples: readonly Triple[]): string {
  const lines = Object.entries(namespaces).map(([prefix, ns]) => `@prefix ${prefix}: <${ns}> .`);
  for (const [subject, list] of bySubject(triples)) {
    const byPredicate = new Map<string, Term[]>();
    for (const t of list) byPredicate.set(t.predicate.value, [...(byPredicate.get(t.predicate.value) ?? []), t.object]);
    const parts = [...byPredicate].map(([p, objects]) =>
      p === RDF_TYPE
        ? `a ${objects.map((o) => (o.termType === 'NamedNode' ? ttlName(o.value) : ttlTerm(o))).join(', ')}`
        : `${ttlName(p)} ${objects.map(ttlTerm).join(', ')}`,
    );
    lines.push('', `${ttlIri(subject)}\n    ${parts.join(' ;\n    ')} .`);
  }
  return `${lines.join('\n')}\n`;
}

// ─── JSON-LD ─────────────────────────────────────────────────────────────────────────────────

const compact = (value: string) => {
  const split = splitIri(value);
  return split ? `${split.prefix}:${split.local}` : value;
};

type JsonValue = { '@id': string } | { '@value': string; '@language'?: string; '@type'?: string };

function jsonTerm(t: Term): JsonValue {
  if (t.termType === 'NamedNode') return { '@id': t.value };
  if (t.language) return { '@value': t.value, '@language': t.language };
  if (t.datatype) return { '@value': t.value, '@type': compact(t.datatype) };
  return { '@value': t.value };
}

/** A flat JSON-LD document: `@context` (the prefixes), `@graph` (one object per subject). */
export function toJsonLd(triples: readonly Triple[]): string {
  const graph = [...bySubject(triples)].map(([subject, list]) => {
    const node: Record<string, unknown> = { '@id': subject };
    const types = list
      .filter((t) => t.predicate.value === RDF_TYPE && t.object.termType === 'NamedNode')
      .map((t) => compact(t.object.value));
    if (types.length > 0) node['@type'] = types;
    for (const t of list) {
      if (t.predicate.value === RDF_TYPE && t.object.termType === 'NamedNode') continue;
      const key = compact(t.predicate.value);
      ((node[key] ??= []) as JsonValue[]).push(jsonTerm(t.object));
    }
    return node;
  });
  return `${JSON.stringify({ '@context': namespaces, '@graph': graph }, null, 1)}\n`;
}

// ─── RDF/XML ─────────────────────────────────────────────────────────────────────────────────

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
const xmlAttr = (s: string) => xmlText(s).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');

function xmlElement(predicate: Iri): string {
  const split = splitIri(predicate.value);
  if (!split) throw new Error(`RDF/XML : la propriété ${predicate.value} n’a pas de préfixe connu.`);
  return `${split.prefix}:${split.local}`;
}

export function toRdfXml(triples: readonly Triple[]): string {
  const out = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<rdf:RDF ${Object.entries(namespaces)
      .map(([prefix, ns]) => `xmlns:${prefix}="${ns}"`)
      .join('\n    ')}>`,
  ];
  for (const [subject, list] of bySubject(triples)) {
    out.push(`  <rdf:Description rdf:about="${xmlAttr(subject)}">`);
    for (const t of list) {
      const name = xmlElement(t.predicate);
      const o = t.object;
      if (o.termType === 'NamedNode') out.push(`    <${name} rdf:resource="${xmlAttr(o.value)}"/>`);
      else if (o.language) out.push(`    <${name} xml:lang="${xmlAttr(o.language)}">${xmlText(o.value)}</${name}>`);
      else if (o.datatype) out.push(`    <${name} rdf:datatype="${xmlAttr(o.datatype)}">${xmlText(o.value)}</${name}>`);
      else out.push(`    <${name}>${xmlText(o.value)}</${name}>`);
    }
    out.push('  </rdf:Description>');
  }
  out.push('</rdf:RDF>', '');
  return out.join('\n');
}

/** The triples in `format`. */
export function serialize(triples: readonly Triple[], format: CatalogueFormat): string {
  return format === 'turtle' ? toTurtle(triples) : format === 'jsonld' ? toJsonLd(triples) : toRdfXml(triples);
}
