/**
 * Reads a DDI Codebook file — 2.5 (`ddi:codebook:2_5`, the IHSN Metadata Editor, NADA) or 1.2.2
 * (`http://www.icpsr.umich.edu/DDI`, Nesstar Publisher, older NADA) — into a `Codebook`, with a
 * French report of what was read and left out. The bytes are decoded by their BOM or declared
 * encoding (UTF-16 included) a chunk at a time and streamed through saxes, which expands no
 * entity but the five of XML; a DOCTYPE (the door of billion laughs and external entities), a
 * file over `ddiMaxBytes`, another root or namespace, or a variable, category or text past its
 * bound is refused with a French message. Nothing is written here: the caller stores what it gets.
 * Memory stays bounded: the study is a small tree, each variable is read and let go.
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { emptyStudy, type Agent, type Codebook, type Study, type StudyFile, type Variable } from '../model';

/** The largest DDI file read (a census codebook with every frequency stays far below). */
export const ddiMaxBytes = 50 * 1024 * 1024;
/** The most variables, categories per variable and characters per text a codebook may hold. */
export const ddiLimits = { variables: 50_000, categories: 10_000, textChars: 1_000_000, depth: 64 };

export const ddiNamespaces = { '2.5': 'ddi:codebook:2_5', '1.2.2': 'http://www.icpsr.umich.edu/DDI' } as const;
export type DdiVersion = keyof typeof ddiNamespaces;

export type DdiReport = { read: string[]; leftOut: string[] };
export type DdiParse = { ok: true; version: DdiVersion; codebook: Codebook; report: DdiReport } | { ok: false; error: string };

/** A refusal: the French message the editor sees. */
class Refusal extends Error {}

/** An element as the study's small tree keeps it. */
type Node = { name: string; attrs: Record<string, string>; children: Node[]; text: string };

const CHUNK = 1024 * 1024;

/** The encoding of the bytes: their BOM, the shape of a BOM-less UTF-16 start, or the XML declaration. */
function detectEncoding(bytes: Uint8Array): { label: string; skip: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { label: 'utf-8', skip: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { label: 'utf-16le', skip: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { label: 'utf-16be', skip: 2 };
  if (bytes[0] === 0x3c && bytes[1] === 0x00 && bytes[2] === 0x3f && bytes[3] === 0x00) return { label: 'utf-16le', skip: 0 };
  if (bytes[0] === 0x00 && bytes[1] === 0x3c && bytes[2] === 0x00 && bytes[3] === 0x3f) return { label: 'utf-16be', skip: 0 };
  const head = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
  const declared = /^<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  if (!declared) return { label: 'utf-8', skip: 0 };
  // A UTF-16 declaration on 8-bit bytes (no BOM, no zero byte): the declaration is wrong, the bytes say UTF-8.
  if (/^utf-?16/i.test(declared)) return { label: 'utf-8', skip: 0 };
  return { label: declared.toLowerCase(), skip: 0 };
}

function decoderFor(label: string): TextDecoder {
  try {
    return new TextDecoder(label, { fatal: true });
  } catch {
    throw new Refusal(`Encodage « ${label.slice(0, 40)} » inconnu : enregistrez le fichier en UTF-8 ou UTF-16.`);
  }
}

/** Whitespace of the XML layout folded; paragraphs (blank lines) kept. */
export function cleanText(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n');
}

const child = (n: Node | undefined, name: string) => n?.children.find((c) => c.name === name);
const childrenNamed = (n: Node | undefined, name: string) => n?.children.filter((c) => c.name === name) ?? [];
const path = (n: Node | undefined, ...names: string[]) => names.reduce<Node | undefined>((at, name) => child(at, name), n);
const textOf = (n: Node | undefined) => (n ? cleanText(n.text) : '');
const texts = (nodes: Node[]) => nodes.map(textOf).filter(Boolean);
const numberOf = (s: string | undefined) => {
  const v = s === undefined || s.trim() === '' ? NaN : Number(s.trim());
  return Number.isFinite(v) ? v : null;
};

function agents(nodes: Node[]): Agent[] {
  return nodes
    .map((n) => ({
      name: textOf(n),
      ...(n.attrs.abbr ? { abbr: n.attrs.abbr } : {}),
      ...(n.attrs.affiliation ? { affiliation: n.attrs.affiliation } : {}),
      ...(n.attrs.role ? { role: n.attrs.role } : {}),
    }))
    .filter((a) => a.name);
}

/** `timePrd`/`collDate` elements as a start and an end (`event` start, end or single). */
function period(nodes: Node[]): { start: string; end: string } {
  const date = (n: Node) => (n.attrs.date || textOf(n)).trim();
  const start = nodes.find((n) => n.attrs.event === 'start' || n.attrs.event === 'single' || !n.attrs.event);
  const end = nodes.find((n) => n.attrs.event === 'end') ?? nodes.find((n) => n.attrs.event === 'single');
  return { start: start ? date(start) : '', end: end ? date(end) : '' };
}

/** The study description from the `stdyDscr` tree, and the `fileDscr` trees. */
function readStudy(stdy: Node | undefined, fileNodes: Node[], report: DdiReport): Study {
  const study = emptyStudy();
  if (!stdy) {
    report.leftOut.push('Aucune description de l’étude (stdyDscr) : seuls les fichiers et les variables sont lus.');
  }
  const citation = child(stdy, 'citation');
  const titl = path(citation, 'titlStmt');
  study.title = textOf(child(titl, 'titl'));
  study.altTitle = textOf(child(titl, 'altTitl'));
  study.idno = textOf(child(titl, 'IDNo'));
  study.authors = agents(childrenNamed(path(citation, 'rspStmt'), 'AuthEnty'));
  study.producers = agents(childrenNamed(path(citation, 'prodStmt'), 'producer'));
  study.funders = agents(childrenNamed(path(citation, 'prodStmt'), 'fundAg'));
  study.distributor = texts(childrenNamed(path(citation, 'distStmt'), 'distrbtr')).join(' ; ');
  study.series = textOf(path(citation, 'serStmt', 'serName'));
  const version = path(citation, 'verStmt', 'version');
  study.version = version ? textOf(version) || version.attrs.date || '' : '';
  const info = child(stdy, 'stdyInfo');
  study.abstract = texts(childrenNamed(info, 'abstract')).join('\n\n');
  study.keywords = texts(childrenNamed(child(info, 'subject'), 'keyword'));
  study.topics = texts(childrenNamed(child(info, 'subject'), 'topcClas'));
  const sum = child(info, 'sumDscr');
  study.nations = texts(childrenNamed(sum, 'nation'));
  study.geogCover = texts(childrenNamed(sum, 'geogCover')).join(' ; ');
  study.geogUnit = texts(childrenNamed(sum, 'geogUnit')).join(' ; ');
  study.analysisUnit = texts(childrenNamed(sum, 'anlyUnit')).join(' ; ');
  study.universe = texts(childrenNamed(sum, 'universe')).join('\n\n');
  study.timePeriods = period(childrenNamed(sum, 'timePrd'));
  study.collectionDates = period(childrenNamed(sum, 'collDate'));
  study.dataKindText = texts(childrenNamed(sum, 'dataKind')).join(' ; ');
  const method = child(stdy, 'method');
  const coll = child(method, 'dataColl');
  study.sampling = texts(childrenNamed(coll, 'sampProc')).join('\n\n');
  study.collectionMode = texts(childrenNamed(coll, 'collMode')).join(' ; ');
  study.weighting = texts(childrenNamed(coll, 'weight')).join('\n\n');
  study.responseRate = textOf(path(method, 'anlyInfo', 'respRate'));
  const use = path(stdy, 'dataAccs', 'useStmt');
  study.accessConditions = texts(childrenNamed(use, 'conditions')).join('\n\n');
  study.restrictions = texts(childrenNamed(use, 'restrctn')).join('\n\n');
  study.citation = textOf(child(citation, 'biblCit')) || texts(childrenNamed(use, 'citReq')).join('\n\n');
  study.related = childrenNamed(child(stdy, 'othrStdyMat'), 'relMat')
    .map((m) => ({
      title: textOf(path(m, 'citation', 'titlStmt', 'titl')) || textOf(m),
      uri: path(m, 'citation', 'holdings')?.attrs.URI ?? m.attrs.URI ?? '',
    }))
    .filter((m) => m.title);
  study.files = fileNodes.map((f, i): StudyFile => {
    const txt = child(f, 'fileTxt');
    const dims = child(txt, 'dimensns');
    return {
      id: f.attrs.ID || `F${i + 1}`,
      name: textOf(child(txt, 'fileName')) || f.attrs.ID || `Fichier ${i + 1}`,
      contents: textOf(child(txt, 'fileCont')),
      records: numberOf(textOf(child(dims, 'caseQnty'))),
      variables: numberOf(textOf(child(dims, 'varQnty'))),
      format: textOf(child(txt, 'format')) || textOf(child(txt, 'fileType')),
    };
  });
  const known = new Set(['citation', 'stdyInfo', 'method', 'dataAccs', 'othrStdyMat']);
  for (const c of stdy?.children ?? [])
    if (!known.has(c.name)) report.leftOut.push(`Description de l’étude : élément ${c.name} non repris.`);
  return study;
}

/** What a variable's children the catalogue keeps; the others are counted in the report. */
const varChildrenRead = new Set(['labl', 'qstn', 'universe', 'txt', 'notes', 'concept', 'varFormat', 'catgry', 'sumStat']);

function readVariable(node: Node, leftOut: Map<string, number>): Variable {
  for (const c of node.children) if (!varChildrenRead.has(c.name)) leftOut.set(c.name, (leftOut.get(c.name) ?? 0) + 1);
  const format = child(node, 'varFormat');
  const stats: Variable['stats'] = {};
  for (const s of childrenNamed(node, 'sumStat')) {
    const v = numberOf(textOf(s));
    if (v !== null && s.attrs.type) stats[s.attrs.type] = v;
  }
  const decimals = numberOf(node.attrs.dcml);
  return {
    name: node.attrs.name!.trim(),
    ddiId: node.attrs.ID ?? '',
    fileId: (node.attrs.files ?? '').trim().split(/\s+/)[0] ?? '',
    label: textOf(child(node, 'labl')),
    question: texts(childrenNamed(child(node, 'qstn'), 'qstnLit')).join('\n\n') || (child(node, 'qstn') ? textOf(child(node, 'qstn')) : ''),
    universe: texts(childrenNamed(node, 'universe')).join('\n\n'),
    notes: [...texts(childrenNamed(node, 'txt')), ...texts(childrenNamed(node, 'notes'))].join('\n\n'),
    concept: texts(childrenNamed(node, 'concept')).join(' ; '),
    interval: node.attrs.intrvl ?? '',
    valueType: format?.attrs.type ?? '',
    decimals: decimals === null ? null : Math.trunc(decimals),
    categories: childrenNamed(node, 'catgry').map((c) => {
      const freq = childrenNamed(c, 'catStat').find((s) => (s.attrs.type ?? 'freq') === 'freq');
      return {
        value: textOf(child(c, 'catValu')),
        label: textOf(child(c, 'labl')),
        freq: freq ? numberOf(textOf(freq)) : null,
        missing: /^y/i.test(c.attrs.missing ?? ''),
      };
    }),
    stats,
  };
}

const sectionNames: Record<string, string> = {
  docDscr: 'la description du document (docDscr)',
  otherMat: 'les autres documents (otherMat)',
};

/**
 * Parses a DDI Codebook file. Refuses (French `error`, nothing kept) hostile or foreign XML; the
 * report lists what was read and what was left out.
 */
export function parseDdi(bytes: Uint8Array): DdiParse {
  try {
    return parseOrRefuse(bytes);
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, error: error.message };
    throw error;
  }
}

function parseOrRefuse(bytes: Uint8Array): DdiParse {
  if (bytes.byteLength > ddiMaxBytes)
    throw new Refusal(
      `Fichier trop volumineux : ${Math.round(bytes.byteLength / 1024 / 1024)} Mo, ${ddiMaxBytes / 1024 / 1024} Mo au plus.`,
    );
  if (bytes.byteLength === 0) throw new Refusal('Fichier vide : envoyez le fichier XML DDI exporté de votre outil.');
  const { label, skip } = detectEncoding(bytes);
  const decoder = decoderFor(label);

  const parser = new SaxesParser({ xmlns: true, position: true });
  let version: DdiVersion | null = null;
  let depth = 0;
  /** The element being built: inside stdyDscr, a fileDscr or a var; null elsewhere. */
  const stack: Node[] = [];
  /** The depth of each element of `stack`. */
  const depths: number[] = [];
  let stdy: Node | undefined;
  const fileNodes: Node[] = [];
  const variables: Variable[] = [];
  const names = new Set<string>();
  const varLeftOut = new Map<string, number>();
  const report: DdiReport = { read: [], leftOut: [] };
  const skippedSections = new Map<string, number>();
  let unnamed = 0;
  let duplicates = 0;
  let categories = 0;
  let inDataDscr = false;

  parser.on('doctype', () => {
    throw new Refusal(
      'Fichier refusé : il contient une déclaration DOCTYPE. Les entités qu’elle peut définir (« billion laughs », entités externes) ' +
        'sont un risque ; un export DDI n’en a pas besoin. Exportez à nouveau le fichier sans DOCTYPE.',
    );
  });
  parser.on('error', (e) => {
    const message = e.message.replace(/^[^:]*:\d+:\d+: /, '');
    if (/entity/i.test(message))
      throw new Refusal(`Fichier refusé : entité XML non définie (${message.slice(0, 120)}). Seules les cinq entités de XML sont admises.`);
    throw new Refusal(`XML mal formé, ligne ${parser.line} : ${message.slice(0, 160)}. Vérifiez le fichier exporté.`);
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    depth++;
    if (depth > ddiLimits.depth) throw new Refusal(`Fichier refusé : plus de ${ddiLimits.depth} niveaux d’éléments imbriqués.`);
    if (depth === 1) {
      const found = (Object.entries(ddiNamespaces) as [DdiVersion, string][]).find(([, ns]) => ns === tag.uri);
      if (tag.local !== 'codeBook' || !found)
        throw new Refusal(
          `Ce fichier n’est pas un DDI Codebook : l’élément racine est « ${tag.name.slice(0, 60)} »` +
            `${tag.uri ? ` dans l’espace de noms « ${tag.uri.slice(0, 80)} »` : ' sans espace de noms'}. ` +
            'Attendu : codeBook dans ddi:codebook:2_5 (DDI 2.5) ou http://www.icpsr.umich.edu/DDI (DDI 1.2.2).',
        );
      version = found[0];
      return;
    }
    const attrs: Record<string, string> = {};
    for (const a of Object.values(tag.attributes)) if (!a.prefix || a.prefix === 'xml') attrs[a.local] = a.value;
    if (stack.length > 0) {
      const node: Node = { name: tag.local, attrs, children: [], text: '' };
      const parent = stack[stack.length - 1]!;
      if (
        parent.name === 'var' &&
        tag.local === 'catgry' &&
        parent.children.filter((c) => c.name === 'catgry').length >= ddiLimits.categories
      )
        throw new Refusal(`Variable « ${parent.attrs.name ?? '?'} » refusée : plus de ${ddiLimits.categories} modalités.`);
      parent.children.push(node);
      stack.push(node);
      depths.push(depth);
      return;
    }
    if (depth === 2) {
      inDataDscr = tag.local === 'dataDscr';
      if (tag.local === 'stdyDscr' || tag.local === 'fileDscr') {
        const node: Node = { name: tag.local, attrs, children: [], text: '' };
        if (tag.local === 'stdyDscr') stdy ??= node;
        else fileNodes.push(node);
        stack.push(node);
        depths.push(depth);
      } else if (!inDataDscr) skippedSections.set(tag.local, (skippedSections.get(tag.local) ?? 0) + 1);
      return;
    }
    if (depth === 3 && inDataDscr) {
      if (tag.local === 'var') {
        if (variables.length >= ddiLimits.variables) throw new Refusal(`Fichier refusé : plus de ${ddiLimits.variables} variables.`);
        stack.push({ name: 'var', attrs, children: [], text: '' });
        depths.push(depth);
      } else skippedSections.set(`dataDscr/${tag.local}`, (skippedSections.get(`dataDscr/${tag.local}`) ?? 0) + 1);
    }
  });
  const addText = (text: string) => {
    if (stack.length === 0) return;
    for (const node of stack) {
      if (node.text.length + text.length > ddiLimits.textChars)
        throw new Refusal(
          `Fichier refusé : un texte de l’élément ${node.name} dépasse ${ddiLimits.textChars.toLocaleString('fr-FR')} caractères.`,
        );
    }
    // Each open element collects the text of its descendants (mixed content, XHTML inside a text).
    for (const node of stack) node.text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    const closing = depth--;
    if (stack.length === 0 || depths[depths.length - 1] !== closing) {
      if (depth === 1) inDataDscr = false;
      return;
    }
    const closed = stack.pop()!;
    depths.pop();
    if (stack.length === 0 && closed.name === 'var') {
      const name = closed.attrs.name?.trim();
      if (!name) unnamed++;
      else if (names.has(name)) duplicates++;
      else {
        names.add(name);
        const v = readVariable(closed, varLeftOut);
        categories += v.categories.length;
        variables.push(v);
      }
    }
  });

  for (let at = skip; at < bytes.byteLength; at += CHUNK) {
    const end = Math.min(at + CHUNK, bytes.byteLength);
    let text: string;
    try {
      text = decoder.decode(bytes.subarray(at, end), { stream: end < bytes.byteLength });
    } catch {
      throw new Refusal(`Octets invalides pour l’encodage ${label} : enregistrez le fichier dans l’encodage qu’il déclare.`);
    }
    parser.write(text);
  }
  parser.close();
  if (!version) throw new Refusal('Ce fichier n’est pas un DDI Codebook : aucun élément codeBook.');

  const study = readStudy(stdy, fileNodes, report);
  for (const [name, count] of skippedSections)
    report.leftOut.push(`Non repris : ${sectionNames[name] ?? `l’élément ${name}`}${count > 1 ? ` (${count} fois)` : ''}.`);
  for (const [name, count] of varLeftOut) report.leftOut.push(`Variables : élément ${name} non repris (${count} variables).`);
  if (unnamed)
    report.leftOut.push(`${unnamed} variable${unnamed > 1 ? 's' : ''} sans nom (attribut name) : ignorée${unnamed > 1 ? 's' : ''}.`);
  if (duplicates)
    report.leftOut.push(`${duplicates} variable${duplicates > 1 ? 's' : ''} au nom déjà lu : ignorée${duplicates > 1 ? 's' : ''}.`);
  const fileIds = new Set(study.files.map((f) => f.id));
  const orphans = variables.filter((v) => v.fileId && !fileIds.has(v.fileId)).length;
  if (orphans) report.leftOut.push(`${orphans} variable(s) renvoient à un fichier non décrit : gardées sans fichier.`);
  report.read.push(
    `DDI Codebook ${version} (${label.toUpperCase()}).`,
    `Étude : « ${study.title || 'sans titre'} »${study.idno ? ` (${study.idno})` : ''}.`,
    `${study.files.length} fichier${study.files.length > 1 ? 's' : ''} de données, ${variables.length} variable${variables.length > 1 ? 's' : ''}, ` +
      `${categories} modalité${categories > 1 ? 's' : ''}, ${variables.filter((v) => v.question).length} question${variables.filter((v) => v.question).length > 1 ? 's' : ''}.`,
  );
  if (!study.title) report.leftOut.push('Titre de l’étude absent : donnez-en un avant de publier.');
  return { ok: true, version, codebook: { study, variables }, report };
}
