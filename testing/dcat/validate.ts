/**
 * The catalogue's checks as a harvester's tools make them, for Vitest and Playwright alike:
 * conformance to the DCAT-AP 3.0.0 SHACL shapes (npm `rdf-validate-shacl`, the shapes vendored in
 * ./shapes/), the number of triples Debian's `rapper` reads from a serialization, and JSON-LD turned
 * into N-Quads by npm `jsonld` (which `rapper -i nquads` then counts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import jsonld from 'jsonld';
import { Parser, Store } from 'n3';
import SHACLValidator from 'rdf-validate-shacl';

const SHAPES = path.join(import.meta.dirname, 'shapes', 'dcat-ap-SHACL.ttl');

let shapes: Store | undefined;
const parseTurtle = (turtle: string, baseIRI?: string) => new Store(new Parser({ format: 'text/turtle', baseIRI }).parse(turtle));

/** Each violation of the DCAT-AP 3.0.0 shapes in a Turtle document: « focus node — path — message ». */
export async function shaclViolations(turtle: string): Promise<string[]> {
  shapes ??= parseTurtle(fs.readFileSync(SHAPES, 'utf8'));
  const report = await new SHACLValidator(shapes).validate(parseTurtle(turtle));
  return report.results
    .filter((r) => r.severity?.value === 'http://www.w3.org/ns/shacl#Violation')
    .map((r) => `${r.focusNode?.value} — ${r.path?.value ?? ''} — ${r.message.map((m) => m.value).join(' ')}`);
}

export type RapperSyntax = 'turtle' | 'rdfxml' | 'nquads';

/**
 * The triples `rapper` (raptor2-utils) reads from `content` in `syntax`; throws with rapper's
 * message when it refuses the document (a parse error, or any warning: `-q` is not used).
 */
export function rapperCount(content: string, syntax: RapperSyntax, base = 'http://127.0.0.1/'): number {
  const run = spawnSync('rapper', ['-i', syntax, '-c', '-', base], { input: content, encoding: 'utf8' });
  const messages = `${run.stderr ?? ''}`;
  const count = /returned (\d+) triples?/.exec(messages);
  if (run.status !== 0 || !count || /warning|error/i.test(messages.replace(/^rapper: Parsing .*$/gm, ''))) {
    throw new Error(`rapper -i ${syntax} a refusé le document (code ${run.status}) : ${messages || run.error?.message}`);
  }
  return Number(count[1]);
}

/** N-Quads of a JSON-LD document, by the npm `jsonld` processor. */
export async function jsonLdToNQuads(document: string): Promise<string> {
  return (await jsonld.toRDF(JSON.parse(document), { format: 'application/n-quads' })) as unknown as string;
}
