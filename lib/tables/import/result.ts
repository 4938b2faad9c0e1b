/**
 * What a file reader returns (PX, CSV, XLSX): the cells it read as a version's payload, or the
 * refused lines, each with its line number and a French sentence that says what to fix. Pure
 * types and helpers: no I/O.
 */
import type { Labels, TablePayload } from '../model';

/** One refused line (0: the file as a whole). */
export type ImportError = { line: number; message: string };

/** The description a file carries (PX `TITLE`, `SOURCE`, `CONTENTS`): offered to fill an empty table's description. */
export type FileMeta = { title?: Labels; source?: Labels; contents?: Labels };

export type ParsedTable = {
  format: 'px' | 'csv-fr' | 'csv-en' | 'xlsx';
  /** Null when any error was found: nothing of such a file is written. */
  payload: TablePayload | null;
  errors: ImportError[];
  /** Things worth knowing that do not refuse the file (« 12 cellules absentes du fichier : manquantes »). */
  warnings: string[];
  meta: FileMeta;
  /** The languages the file's labels came in. */
  languages: string[];
};

/** At most this many refused lines are reported (a wrong file would otherwise list every line). */
export const MAX_ERRORS = 500;

/** Larger files are refused before being read: 64 Mo (some 2.5 million cells in a tidy CSV, many more in PX). */
export const maxTableImportBytes = 64 * 1024 * 1024;

/** Collects errors up to `MAX_ERRORS`, counting the rest. */
export class ErrorList {
  readonly list: ImportError[] = [];
  more = 0;
  add(line: number, message: string) {
    if (this.list.length < MAX_ERRORS) this.list.push({ line, message });
    else this.more++;
  }
  get size() {
    return this.list.length + this.more;
  }
  /** The list, with a last line counting those left out. */
  done(): ImportError[] {
    return this.more > 0 ? [...this.list, { line: 0, message: `… et ${this.more.toLocaleString('fr-FR')} autres erreurs.` }] : this.list;
  }
}

/** A file-level refusal. */
export const refused = (format: ParsedTable['format'], message: string, line = 0): ParsedTable => ({
  format,
  payload: null,
  errors: [{ line, message }],
  warnings: [],
  meta: {},
  languages: [],
});

/** Dimension codes made from a name: « Groupe d’âge » → `GROUPE_D_AGE` (letters, digits, _; a letter first; 40 at most). */
export function codeFromName(name: string): string {
  const folded = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const code = /^[A-Z]/.test(folded) ? folded : `D_${folded}`;
  return code.slice(0, 40).replace(/_+$/, '') || 'DIM';
}
