/**
 * One entry for every table file: PX (by its name, or its first statement) or a tidy CSV/XLSX.
 * Bytes in, cells or French errors out (lib/tables/imports.ts stages and writes them); the parse
 * runs in a worker thread (./thread.ts) so the server keeps answering readers meanwhile.
 */
import { parsePx } from './px';
import { maxTableImportBytes, refused, type ParsedTable } from './result';
import { parseInWorker } from './thread';
import { parseTidy, type TidyOptions } from './tidy';

export { maxTableImportBytes };
export type { ParsedTable };

/** Whether the bytes start like a PX file (`KEYWORD…=` before any `;` or line of CSV). */
export function looksLikePx(bytes: Uint8Array, filename: string): boolean {
  if (/\.px$/i.test(filename)) return true;
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200)).replace(/^\uFEFF|^ï»¿/, '');
  return /^\s*[A-Z][A-Z0-9-]*(\[[A-Za-z_-]+\])?(\("[^"]*"(,"[^"]*")*\))?\s*=\s*("|\d|TLIST|YES|NO)/.test(head);
}

/**
 * Reads a table file: PX, or a tidy CSV/XLSX (with what the table already knows, `options`), in a
 * worker thread. The checks that need no parse (size, empty) answer at once.
 */
export async function readTableFile(input: { bytes: Uint8Array; filename: string }, options: TidyOptions = {}): Promise<ParsedTable> {
  const early = precheck(input.bytes);
  return early ?? parseInWorker(input, options, () => parseTableFile(input, options));
}

/** The same read in the calling thread (the worker's body; pure). */
export async function parseTableFile(input: { bytes: Uint8Array; filename: string }, options: TidyOptions = {}): Promise<ParsedTable> {
  const early = precheck(input.bytes);
  if (early) return early;
  if (!looksLikePx(input.bytes, input.filename)) return parseTidy(input, options);
  const parsed = parsePx(input.bytes);
  // PX names its unit but has no code for it: the codes chosen in the form win over those read from the label.
  const { unitCode, unitMult } = options.measure ?? {};
  if (parsed.payload && (unitCode !== undefined || unitMult !== undefined)) {
    for (const m of parsed.payload.structure.measures)
      Object.assign(m, unitCode !== undefined ? { unitCode } : {}, unitMult !== undefined ? { unitMult } : {});
  }
  return parsed;
}

function precheck(bytes: Uint8Array): ParsedTable | null {
  if (bytes.length > maxTableImportBytes) {
    return refused(
      'csv-fr',
      `Fichier trop volumineux : ${maxTableImportBytes / 1024 / 1024} Mo au plus. Découpez le tableau ou envoyez-le en PX.`,
    );
  }
  if (bytes.length === 0) return refused('csv-fr', 'Le fichier est vide.');
  return null;
}
