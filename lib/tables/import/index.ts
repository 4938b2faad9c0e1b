/**
 * One entry for every table file: PX (by its name, or its first statement) or a tidy CSV/XLSX.
 * Pure: bytes in, cells or French errors out (lib/tables/imports.ts stages and writes them).
 */
import { parsePx } from './px';
import { maxTableImportBytes, refused, type ParsedTable } from './result';
import { parseTidy, type TidyOptions } from './tidy';

export { maxTableImportBytes };
export type { ParsedTable };

/** Whether the bytes start like a PX file (`KEYWORD…=` before any `;` or line of CSV). */
export function looksLikePx(bytes: Uint8Array, filename: string): boolean {
  if (/\.px$/i.test(filename)) return true;
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200)).replace(/^\uFEFF|^ï»¿/, '');
  return /^\s*[A-Z][A-Z0-9-]*(\[[A-Za-z_-]+\])?(\("[^"]*"(,"[^"]*")*\))?\s*=\s*("|\d|TLIST|YES|NO)/.test(head);
}

/** Reads a table file: PX, or a tidy CSV/XLSX (with what the table already knows, `options`). */
export async function readTableFile(input: { bytes: Uint8Array; filename: string }, options: TidyOptions = {}): Promise<ParsedTable> {
  if (input.bytes.length > maxTableImportBytes) {
    return refused(
      'csv-fr',
      `Fichier trop volumineux : ${maxTableImportBytes / 1024 / 1024} Mo au plus. Découpez le tableau ou envoyez-le en PX.`,
    );
  }
  if (input.bytes.length === 0) return refused('csv-fr', 'Le fichier est vide.');
  return looksLikePx(input.bytes, input.filename) ? parsePx(input.bytes) : parseTidy(input, options);
}
