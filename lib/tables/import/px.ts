/**
 * Reading PX files (PC-Axis), the format PxWeb institutes hold their tables in: keyword statements
 * `KEYWORD[lang]("subkey",…)=value;` then `DATA=` with the cells in stub-major order (every
 * combination of the STUB variables, the first moving slowest, then of the HEADING ones). The
 * table's dimensions are the STUB then the HEADING variables, in that order, so `DATA` is already
 * our row-major layout. Handled: `CHARSET`/`CODEPAGE` (the file is decoded as it declares),
 * `LANGUAGE`/`LANGUAGES` (French and English labels from one file; keywords of another language
 * carry `[lang]` and name the variables in that language), `VALUES`, `CODES`, `VARIABLE-CODE`,
 * `TIMEVAL` (with `TLIST(A1|H1|Q1|M1)` lists or ranges), `UNITS`, `DECIMALS`/`SHOWDECIMALS`, `NOTE`,
 * `NOTEX`, `VALUENOTE`, `CELLNOTE` (with `*`), `TITLE`, `CONTENTS`, `SOURCE`, and the missing-value
 * symbols `"."` to `"......"` (status `O`) and `"-"` (status `M`, nil). Pure: bytes in, cells or
 * French errors with their line out.
 */
import { guessUnit } from '../units';
import { statusByte } from '../cells';
import { cellCountOf, maxCells, structureRefusal, type CellNotes, type Dimension, type Labels, type TableStructure } from '../model';
import { codeFromName, ErrorList, refused, type FileMeta, type ParsedTable } from './result';

type Item = { quoted: boolean; text: string };
type Statement = { keyword: string; lang: string | null; subkeys: string[]; value: string; line: number };

/** Decodes the file as its `CODEPAGE` (or `CHARSET="ANSI"`) says; UTF-8 when it says nothing and is valid UTF-8. */
export function decodePx(bytes: Uint8Array): { text: string } | { error: string } {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, findData(bytes)));
  const codepage = /(?:^|;)\s*CODEPAGE\s*=\s*"([^"]*)"/m.exec(head)?.[1]?.trim();
  const charset = /(?:^|;)\s*CHARSET\s*=\s*"([^"]*)"/m.exec(head)?.[1]?.trim();
  let label: string | null = null;
  if (codepage) label = codepage.toLowerCase();
  else if (charset && charset.toUpperCase() === 'ANSI') label = 'windows-1252';
  if (label) {
    let decoder: TextDecoder;
    try {
      decoder = new TextDecoder(label, { fatal: true });
    } catch {
      return { error: `Encodage inconnu : CODEPAGE="${codepage}". Enregistrez le fichier en UTF-8 ou en iso-8859-1.` };
    }
    try {
      return { text: decoder.decode(bytes).replace(/^\uFEFF/, '') };
    } catch {
      return { error: `Le fichier annonce l’encodage « ${codepage ?? charset} » mais contient des caractères invalides pour lui.` };
    }
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '') };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes) };
  }
}

/** Where `DATA=` starts (the header is everything before), or the end. */
function findData(bytes: Uint8Array): number {
  const needle = [0x44, 0x41, 0x54, 0x41]; // DATA
  for (let i = 0; i + 4 < bytes.length; i++) {
    if (bytes[i] === needle[0] && bytes[i + 1] === needle[1] && bytes[i + 2] === needle[2] && bytes[i + 3] === needle[3]) {
      const before = i === 0 ? 0x0a : bytes[i - 1]!;
      if (before === 0x0a || before === 0x0d || before === 0x3b || before === 0x20) {
        let j = i + 4;
        while (bytes[j] === 0x20) j++;
        if (bytes[j] === 0x3d) return i;
      }
    }
  }
  return bytes.length;
}

/** Splits the text into statements; `DATA` is kept raw (it can be megabytes). */
function statements(text: string): { list: Statement[]; data: { value: string; line: number } | null } | { error: string; line: number } {
  const list: Statement[] = [];
  let i = 0;
  let line = 1;
  const n = text.length;
  while (i < n) {
    // Skip blanks between statements.
    while (i < n && /\s/.test(text[i]!)) {
      if (text[i] === '\n') line++;
      i++;
    }
    if (i >= n) break;
    const start = line;
    let inQuotes = false;
    let j = i;
    for (; j < n; j++) {
      const c = text[j]!;
      if (c === '"') inQuotes = !inQuotes;
      else if (c === '=' && !inQuotes) break;
      else if (c === '\n') line++;
    }
    if (j >= n) return { error: `Instruction sans « = » : « ${text.slice(i, i + 40).trim()} ».`, line: start };
    const key = text.slice(i, j).trim();
    const parsed = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:\[([A-Za-z_-]+)\])?\s*(?:\(([\s\S]*)\))?$/.exec(key);
    if (!parsed) return { error: `Mot-clé illisible : « ${key.slice(0, 60)} ».`, line: start };
    const keyword = parsed[1]!.toUpperCase();
    if (keyword === 'DATA') {
      const end = text.indexOf(';', j + 1);
      return { list, data: { value: text.slice(j + 1, end < 0 ? n : end), line } };
    }
    let k = j + 1;
    inQuotes = false;
    for (; k < n; k++) {
      const c = text[k]!;
      if (c === '"') inQuotes = !inQuotes;
      else if (c === ';' && !inQuotes) break;
      else if (c === '\n') line++;
    }
    if (k >= n) return { error: `Le mot-clé ${keyword} ne se termine pas par « ; ».`, line: start };
    const subkeys = parsed[3] !== undefined ? items(parsed[3]).map((s) => s.text) : [];
    list.push({ keyword, lang: parsed[2] ?? null, subkeys, value: text.slice(j + 1, k), line: start });
    i = k + 1;
  }
  return { list, data: null };
}

/**
 * The items of a value: quoted strings (two strings separated only by blanks or line breaks are one,
 * as PX splits long texts) and bare tokens, separated by commas.
 */
function items(value: string): Item[] {
  const out: Item[] = [];
  let i = 0;
  const n = value.length;
  let current: Item | null = null;
  while (i < n) {
    const c = value[i]!;
    if (c === '"') {
      const end = value.indexOf('"', i + 1);
      const text = value.slice(i + 1, end < 0 ? n : end);
      if (current && current.quoted) current.text += text;
      else {
        current = { quoted: true, text };
        out.push(current);
      }
      i = end < 0 ? n : end + 1;
    } else if (c === ',') {
      current = null;
      i++;
    } else if (/\s/.test(c)) {
      i++;
    } else {
      let j = i;
      let depth = 0;
      for (; j < n; j++) {
        const d = value[j]!;
        if (d === '(') depth++;
        else if (d === ')') depth--;
        else if (d === '"' && depth > 0) j = value.indexOf('"', j + 1);
        else if ((d === ',' || /\s/.test(d)) && depth === 0) break;
        if (j < 0) break;
      }
      if (j < 0) j = n;
      current = { quoted: false, text: value.slice(i, j) };
      out.push(current);
      current = null;
      i = j;
    }
  }
  return out;
}

/** PX's time formats: annual, half-year, quarter, month, week. */
type TimeFormat = 'A' | 'H' | 'Q' | 'M' | 'W';

/** A PX time value as an SDMX period: `2026` · `2026H1`/`2026S1` → `2026-S1` · `2026Q3`/`2026K3` → `2026-Q3` · `2026M10` → `2026-10`. */
export function sdmxPeriod(text: string): string | null {
  const t = text.trim();
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})$/.exec(t))) return m[1]!;
  if ((m = /^(\d{4})[HS-]?S?([12])$/.exec(t)) && /[HS]/.test(t)) return `${m[1]}-S${m[2]}`;
  if ((m = /^(\d{4})-?[QK]([1-4])$/.exec(t))) return `${m[1]}-Q${m[2]}`;
  if ((m = /^(\d{4})-?M?(0[1-9]|1[0-2])$/.exec(t))) return `${m[1]}-${m[2]}`;
  return null;
}

/** The periods of a `TLIST(fmt, "start"-"end")` range. */
function rangeOf(format: TimeFormat, from: string, to: string): string[] | null {
  const a = sdmxPeriod(from);
  const b = sdmxPeriod(to);
  if (!a || !b) return null;
  const step = { A: 1, H: 2, Q: 4, M: 12, W: 0 }[format];
  if (!step) return null;
  const index = (p: string) => {
    const y = Number(p.slice(0, 4));
    const rest = p.slice(5);
    const k = rest === '' ? 0 : Number(rest.replace(/^[QS]/, '')) - 1;
    return y * step + k;
  };
  const label = (i: number) => {
    const y = Math.floor(i / step);
    const k = (i % step) + 1;
    return step === 1 ? `${y}` : step === 2 ? `${y}-S${k}` : step === 4 ? `${y}-Q${k}` : `${y}-${String(k).padStart(2, '0')}`;
  };
  const out: string[] = [];
  for (let i = index(a); i <= index(b) && out.length <= 10_000; i++) out.push(label(i));
  return out;
}

const missingSymbol = /^"?(\.{1,6}|-)"?$/;
const numberPattern = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * Reads a PX file into a version's cells, or the French reasons it cannot be one (each with its
 * line). `MEASURE`: the table's one measure takes the file's `CONTENTS` as label, `UNITS` as unit
 * and `SHOWDECIMALS` (or `DECIMALS`) as decimals shown.
 */
export function parsePx(bytes: Uint8Array): ParsedTable {
  const decoded = decodePx(bytes);
  if ('error' in decoded) return refused('px', decoded.error);
  const parsed = statements(decoded.text);
  if ('error' in parsed) return refused('px', `Ligne ${parsed.line} : ${parsed.error}`, parsed.line);
  const { list, data } = parsed;
  if (list.length === 0 && !data)
    return refused('px', 'Ce fichier n’est pas un fichier PX : aucun mot-clé (STUB, HEADING, VALUES, DATA…).');
  const errors = new ErrorList();
  const warnings: string[] = [];

  const defaultLang = (first(list, 'LANGUAGE', null)?.[0]?.text ?? 'fr').toLowerCase();
  const declared = (first(list, 'LANGUAGES', null) ?? []).map((l) => l.text.toLowerCase());
  const languages = declared.length > 0 ? declared : [defaultLang];
  if (!languages.includes(defaultLang)) languages.unshift(defaultLang);
  const frLang = languages.includes('fr') ? 'fr' : defaultLang;
  if (frLang !== 'fr') warnings.push(`Le fichier n’a pas de libellés en français : ceux de la langue « ${frLang} » en tiennent lieu.`);
  const enLang = languages.includes('en') && frLang !== 'en' ? 'en' : null;
  /** The key of a language in statements: null for the file's default language. */
  const keyOf = (lang: string) => (lang === defaultLang ? null : lang);

  const stub = first(list, 'STUB', null) ?? [];
  const heading = first(list, 'HEADING', null) ?? [];
  const names = [...stub, ...heading].map((i) => i.text);
  if (names.length === 0)
    return refused('px', 'Le fichier ne déclare ni STUB ni HEADING : impossible de savoir quelles sont ses dimensions.');
  if (!data) return refused('px', 'Le fichier n’a pas de DATA : aucune cellule à importer.');
  /** The variables' names in a language, position by position (the default language's when missing). */
  const namesIn = (lang: string): string[] => {
    if (keyOf(lang) === null) return names;
    const s = first(list, 'STUB', keyOf(lang)) ?? [];
    const h = first(list, 'HEADING', keyOf(lang)) ?? [];
    const all = [...s, ...h].map((i) => i.text);
    if (all.length !== names.length) {
      if (all.length > 0)
        warnings.push(`STUB/HEADING en « ${lang} » n’ont pas autant de variables que dans la langue principale : ignorés.`);
      return names;
    }
    return all;
  };
  const frNames = namesIn(frLang);
  const enNames = enLang ? namesIn(enLang) : null;
  const labelOf = (fr: string | undefined, en: string | undefined): Labels => (en && en !== fr ? { fr: fr ?? '', en } : { fr: fr ?? '' });

  const timeStatement = list.find((s) => s.keyword === 'TIMEVAL' && s.lang === keyOf(frLang));
  const timeName = timeStatement?.subkeys[0] ?? list.find((s) => s.keyword === 'TIMEVAL')?.subkeys[0];
  const usedCodes = new Set<string>();
  const dimensions: Dimension[] = [];
  for (let p = 0; p < names.length; p++) {
    const name = names[p]!;
    const frName = frNames[p]!;
    const enName = enNames?.[p];
    const valueItems = (lang: string, n: string) => find(list, 'VALUES', keyOf(lang), [n]);
    const frValues = valueItems(frLang, frName);
    if (!frValues) {
      errors.add(0, `La variable « ${frName} » n’a pas de VALUES : ses valeurs sont inconnues.`);
      continue;
    }
    const enValues = enLang && enName ? valueItems(enLang, enName) : null;
    if (enValues && enValues.length !== frValues.length) {
      errors.add(0, `La variable « ${frName} » a ${frValues.length} valeurs en « ${frLang} » mais ${enValues.length} en « ${enLang} ».`);
      continue;
    }
    const isTime = name === timeName || frName === timeName;
    let codes = (find(list, 'CODES', null, [name]) ?? find(list, 'CODES', keyOf(frLang), [frName]))?.map((c) => c.text) ?? null;
    if (codes && codes.length !== frValues.length) {
      errors.add(0, `La variable « ${frName} » a ${frValues.length} VALUES mais ${codes.length} CODES.`);
      continue;
    }
    if (isTime) {
      const timeval = timeStatement ? items(timeStatement.value) : [];
      const tlist = timeval.find((t) => !t.quoted && /^TLIST\(/i.test(t.text));
      const format = (/^TLIST\(\s*([AHQMW])1/i.exec(tlist?.text ?? '')?.[1]?.toUpperCase() ?? 'A') as TimeFormat;
      if (format === 'W') {
        errors.add(
          timeStatement!.line,
          `Ligne ${timeStatement!.line} : les périodes hebdomadaires (TLIST(W1)) ne sont pas prises en charge.`,
        );
        continue;
      }
      const range = /"([^"]+)"\s*-\s*"([^"]+)"/.exec(tlist?.text ?? '');
      const listed = timeval.filter((t) => t.quoted).map((t) => t.text);
      const source = range ? rangeOf(format, range[1]!, range[2]!) : listed.length > 0 ? listed : (codes ?? frValues.map((v) => v.text));
      const periods = (source ?? []).map((t) => sdmxPeriod(t));
      const bad = (source ?? []).find((_, i) => periods[i] === null);
      if (!source || bad !== undefined) {
        errors.add(
          timeStatement?.line ?? 0,
          `Période illisible dans « ${frName} » : « ${bad ?? range?.[0]} » (attendu 2026, 2026Q3, 2026M10…).`,
        );
        continue;
      }
      if (periods.length !== frValues.length) {
        errors.add(timeStatement?.line ?? 0, `TIMEVAL de « ${frName} » compte ${periods.length} périodes pour ${frValues.length} valeurs.`);
        continue;
      }
      codes = periods as string[];
    }
    const valueCodes = codes ?? uniqueCodes(frValues.map((v) => v.text));
    const variableCode =
      find(list, 'VARIABLE-CODE', null, [name])?.[0]?.text ?? find(list, 'VARIABLE-CODE', keyOf(frLang), [frName])?.[0]?.text;
    let code = variableCode && /^[A-Za-z][A-Za-z0-9_-]{0,39}$/.test(variableCode) ? variableCode : codeFromName(frName);
    for (let k = 2; usedCodes.has(code); k++) code = `${codeFromName(frName).slice(0, 36)}_${k}`;
    usedCodes.add(code);
    const noteOf = (keyword: string, lang: string, sub: string[]) =>
      [...(find(list, keyword, keyOf(lang), sub) ?? []), ...(find(list, `${keyword}X`, keyOf(lang), sub) ?? [])]
        .map((i) => i.text)
        .join(' ') || undefined;
    const dimNote = labelOf(noteOf('NOTE', frLang, [frName]), enLang && enName ? noteOf('NOTE', enLang, [enName]) : undefined);
    dimensions.push({
      code,
      label: labelOf(frName, enName),
      role: isTime ? 'time' : 'plain',
      ...(dimNote.fr ? { note: dimNote } : {}),
      values: frValues.map((v, i) => {
        const note = labelOf(
          noteOf('VALUENOTE', frLang, [frName, v.text]),
          enLang && enName && enValues ? noteOf('VALUENOTE', enLang, [enName, enValues[i]!.text]) : undefined,
        );
        return {
          code: valueCodes[i]!,
          label: labelOf(isTime && !v.text ? valueCodes[i] : v.text, enValues?.[i]?.text),
          ...(note.fr ? { note } : {}),
        };
      }),
    });
  }
  if (errors.size > 0) return { format: 'px', payload: null, errors: errors.done(), warnings, meta: {}, languages };
  if (!dimensions.some((d) => d.role === 'time')) {
    // No TIMEVAL: the variable whose every value is a period, when there is exactly one.
    const candidates = dimensions.filter((d) => d.values.every((v) => sdmxPeriod(v.code) ?? sdmxPeriod(v.label.fr)));
    if (candidates.length === 1) {
      const d = candidates[0]!;
      d.role = 'time';
      d.values = d.values.map((v) => ({ ...v, code: (sdmxPeriod(v.code) ?? sdmxPeriod(v.label.fr))! }));
      warnings.push(`Pas de TIMEVAL : « ${d.label.fr} » est prise pour la dimension du temps.`);
    } else {
      return refused(
        'px',
        'Aucune variable n’est le temps : ajoutez TIMEVAL("…")=TLIST(A1),… pour la variable des années, trimestres ou mois.',
      );
    }
  }

  const contvariable = first(list, 'CONTVARIABLE', null)?.[0]?.text;
  if (contvariable) {
    warnings.push(
      `CONTVARIABLE="${contvariable}" : ses contenus sont lus comme les valeurs d’une dimension, avec une seule unité ` +
        '(celle de UNITS) ; importez un fichier par mesure si leurs unités diffèrent.',
    );
  }
  const text = (keyword: string, lang: string | null) => {
    if (!lang) return undefined;
    const found = first(list, keyword, keyOf(lang));
    return found && found.length > 0 ? found.map((i) => i.text).join(' ') : undefined;
  };
  const decimalsText = first(list, 'SHOWDECIMALS', null)?.[0]?.text ?? first(list, 'DECIMALS', null)?.[0]?.text ?? '0';
  const decimals = Number(decimalsText);
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 6) {
    return refused('px', `DECIMALS="${decimalsText}" : un nombre entier de 0 à 6 est attendu.`);
  }
  const contents = labelOf(text('CONTENTS', frLang), text('CONTENTS', enLang));
  const unit = labelOf(text('UNITS', frLang) ?? '', text('UNITS', enLang));
  // PX carries a unit's label only: its SDMX code and multiplier are read from it (« milliers de personnes »: PS × 10³).
  const coded = guessUnit(unit.fr);
  const structure: TableStructure = {
    dimensions,
    measures: [
      {
        code: 'VALEUR',
        label: contents.fr ? contents : { fr: 'Valeur', en: 'Value' },
        unit,
        unitCode: coded.code,
        unitMult: coded.mult,
        decimals,
      },
    ],
  };
  const tableNote = labelOf(
    [text('NOTE', frLang), text('NOTEX', frLang)].filter(Boolean).join(' ') || undefined,
    [text('NOTE', enLang), text('NOTEX', enLang)].filter(Boolean).join(' ') || undefined,
  );
  if (tableNote.fr) structure.notes = tableNote;
  const refusal = structureRefusal(structure);
  if (refusal) return refused('px', refusal);

  const count = cellCountOf(structure);
  if (count > maxCells)
    return refused('px', `Le tableau compterait ${count.toLocaleString('fr-FR')} cellules : ${maxCells.toLocaleString('fr-FR')} au plus.`);
  const values = new Float64Array(count);
  const statuses = new Uint8Array(count);
  const read = readData(data.value, data.line, values, statuses, errors);
  if (errors.size === 0 && read !== count) {
    errors.add(
      data.line,
      `Ligne ${data.line} : DATA contient ${read.toLocaleString('fr-FR')} valeurs, le tableau en attend ${count.toLocaleString('fr-FR')} ` +
        `(${dimensions.map((d) => `${d.values.length} ${d.label.fr}`).join(' × ')}).`,
    );
  }
  if (errors.size > 0) return { format: 'px', payload: null, errors: errors.done(), warnings, meta: {}, languages };

  const notes = cellNotes(list, structure, frLang, enLang, frNames, enNames, keyOf, warnings);
  const meta: FileMeta = {
    title: labelOf(text('TITLE', frLang), text('TITLE', enLang)),
    source: labelOf(text('SOURCE', frLang), text('SOURCE', enLang)),
    contents,
  };
  const missing = statuses.reduce((n, s) => n + (s >= statusByte('O') ? 1 : 0), 0);
  if (missing > 0) warnings.push(`${missing.toLocaleString('fr-FR')} cellule(s) sans valeur (symboles « .. » ou « - »).`);
  return {
    format: 'px',
    payload: { structure, values, statuses, notes },
    errors: [],
    warnings,
    meta,
    languages: [frLang, ...(enLang ? [enLang] : [])],
  };
}

/** Reads DATA's tokens into the arrays; returns how many it read (more than the arrays hold is counted, not stored). */
function readData(raw: string, startLine: number, values: Float64Array, statuses: Uint8Array, errors: ErrorList): number {
  const O = statusByte('O');
  const M = statusByte('M');
  let line = startLine;
  let count = 0;
  let i = 0;
  const n = raw.length;
  while (i < n) {
    let c = raw.charCodeAt(i);
    if (c === 10) {
      line++;
      i++;
      continue;
    }
    if (c === 32 || c === 9 || c === 13) {
      i++;
      continue;
    }
    let j = i;
    if (c === 34) {
      // A quoted symbol: up to the closing quote.
      j = raw.indexOf('"', i + 1);
      j = j < 0 ? n : j + 1;
    } else {
      while (j < n && (c = raw.charCodeAt(j)) !== 32 && c !== 10 && c !== 9 && c !== 13) j++;
    }
    const token = raw.slice(i, j);
    if (count < values.length) {
      if (numberPattern.test(token)) {
        values[count] = Number(token);
      } else if (missingSymbol.test(token)) {
        values[count] = NaN;
        statuses[count] = token.includes('-') ? M : O;
      } else {
        errors.add(
          line,
          `Ligne ${line} : « ${token.slice(0, 30)} » n’est ni un nombre ni un symbole de valeur manquante (".." ou "-")` +
            (token.includes(',') ? ' — le séparateur décimal des fichiers PX est le point.' : '.'),
        );
      }
    }
    count++;
    i = j;
  }
  return count;
}

/** `CELLNOTE("v1","*",…)="…"`: a note on each cell the values (one per variable, `*` for all) pick. */
function cellNotes(
  list: Statement[],
  structure: TableStructure,
  frLang: string,
  enLang: string | null,
  frNames: string[],
  enNames: string[] | null,
  keyOf: (lang: string) => string | null,
  warnings: string[],
): CellNotes {
  const notes: CellNotes = {};
  const dims = structure.dimensions;
  const apply = (lang: string, names: string[], field: 'fr' | 'en') => {
    for (const s of list) {
      if ((s.keyword !== 'CELLNOTE' && s.keyword !== 'CELLNOTEX') || s.lang !== keyOf(lang)) continue;
      if (s.subkeys.length !== dims.length) {
        warnings.push(`Ligne ${s.line} : CELLNOTE doit nommer une valeur par variable (${names.length}) : note ignorée.`);
        continue;
      }
      const axes: number[][] = [];
      for (let d = 0; d < dims.length; d++) {
        const wanted = s.subkeys[d]!;
        const labels = dims[d]!.values.map((v) => (field === 'fr' ? v.label.fr : (v.label.en ?? v.label.fr)));
        const at = labels.indexOf(wanted);
        if (wanted === '*') axes.push(labels.map((_, k) => k));
        else if (at >= 0) axes.push([at]);
        else {
          warnings.push(`Ligne ${s.line} : CELLNOTE nomme une valeur inconnue (« ${wanted} ») : note ignorée.`);
          axes.length = 0;
          break;
        }
      }
      if (axes.length !== dims.length) continue;
      const text = items(s.value)
        .map((i) => i.text)
        .join(' ');
      let indices = [0];
      for (let d = 0; d < dims.length; d++) {
        const size = dims[d]!.values.length;
        indices = indices.flatMap((base) => axes[d]!.map((k) => base * size + k));
      }
      for (const index of indices) {
        const key = String(index * structure.measures.length);
        notes[key] = field === 'fr' ? { ...notes[key], fr: text } : { fr: notes[key]?.fr ?? text, en: text };
      }
    }
  };
  apply(frLang, frNames, 'fr');
  if (enLang && enNames) apply(enLang, enNames, 'en');
  return notes;
}

/** The first statement of a keyword in a language (null: the default), as items. */
function first(list: Statement[], keyword: string, lang: string | null): Item[] | null {
  const s = list.find((x) => x.keyword === keyword && x.lang === lang && x.subkeys.length === 0);
  return s ? items(s.value) : null;
}

/** The statement of a keyword with these subkeys in a language, as items. */
function find(list: Statement[], keyword: string, lang: string | null, subkeys: string[]): Item[] | null {
  const s = list.find(
    (x) => x.keyword === keyword && x.lang === lang && x.subkeys.length === subkeys.length && x.subkeys.every((k, i) => k === subkeys[i]),
  );
  return s ? items(s.value) : null;
}

/** Codes for values that have none: made from their labels, unique. */
function uniqueCodes(labels: string[]): string[] {
  const used = new Set<string>();
  return labels.map((label) => {
    const base = codeFromName(label).slice(0, 50);
    let code = base;
    for (let k = 2; used.has(code); k++) code = `${base}_${k}`;
    used.add(code);
    return code;
  });
}
