/**
 * What an uploaded file really is, decided from its content (magic bytes, zip structure, text
 * checks), never from the name or the browser's Content-Type. Only an allowlist of document and
 * image types is accepted, the name's extension must agree with the content, and the files a
 * server or a reader would choke on (zip bombs, gigantic images) are refused. Every refusal is a
 * `ValidationError` whose French message says what to do.
 *
 * Reads the file from disk in bounded chunks: a 300 MB yearbook is never held in memory.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type/node';
import sharp, { type Metadata } from 'sharp';
import yauzl from 'yauzl';
import { ValidationError } from '@/lib/errors';

import { acceptedTypes, type AcceptedType } from '@/lib/file-types';

const imageTypes = new Set<AcceptedType>(['jpg', 'png', 'webp', 'gif']);
const zipTypes = new Set<AcceptedType>(['xlsx', 'docx', 'ods', 'zip']);

/** Limits that keep a hostile file from exhausting the server or a reader's machine. */
const fileLimits = {
  /** Entries in a zip-based file (xlsx, docx, ods, zip). A large real workbook has a few hundred. */
  maxZipEntries: 10_000,
  /** Sum of the uncompressed sizes of a zip's entries. */
  maxZipUncompressedBytes: 1024 ** 3,
  /** Compression ratio an entry may not exceed… */
  maxZipRatio: 100,
  /** …once it inflates beyond this size (small, very compressible XML parts are normal). */
  zipRatioFromBytes: 10 * 1024 ** 2,
  /** Pixels of an image (per frame): 50 megapixels, beyond any camera a press office uses. */
  maxImagePixels: 50_000_000,
};

export type DetectedFile = {
  type: AcceptedType;
  /** Canonical extension (`jpg` for a JPEG, whatever the name said). */
  ext: AcceptedType;
  mime: string;
  /** Images: displayed size, EXIF orientation applied. */
  width?: number;
  height?: number;
  /** CSV: the text encoding (Windows-1252 is what French Excel writes without « UTF-8 »). */
  charset?: 'utf-8' | 'windows-1252';
};

const acceptedList = 'PDF, Excel (.xlsx, .xls), CSV, Word (.docx), OpenDocument (.ods), ZIP, images JPEG, PNG, WebP et GIF';

/** The extension of a name, lower-cased, or '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

const typeOfExtension = (ext: string): AcceptedType | undefined =>
  (Object.keys(acceptedTypes) as AcceptedType[]).find((t) => (acceptedTypes[t].exts as readonly string[]).includes(ext));

// ─── What the content is ─────────────────────────────────────────────────────────────────────

/** The content as sniffed: an accepted type, or a French description of what it is instead. */
type Sniffed = { type: AcceptedType; charset?: DetectedFile['charset'] } | { type: null; description: string };

const executables = new Set([
  'exe',
  'elf',
  'macho',
  'msi',
  'apk',
  'jar',
  'class',
  'wasm',
  'crx',
  'xpi',
  'deb',
  'rpm',
  'dmg',
  'lnk',
  'cab',
  'reg',
]);
const describe: Record<string, string> = {
  docm: 'un document Word avec macros',
  xlsm: 'un classeur Excel avec macros',
  xltm: 'un modèle Excel avec macros',
  xltx: 'un modèle Excel',
  pptx: 'une présentation PowerPoint',
  pptm: 'une présentation PowerPoint avec macros',
  odt: 'un document texte OpenDocument (.odt)',
  odp: 'une présentation OpenDocument (.odp)',
  epub: 'un livre numérique EPUB',
  rtf: 'un document RTF',
  tif: 'une image TIFF',
  bmp: 'une image BMP',
  heic: 'une image HEIC',
  avif: 'une image AVIF',
  psd: 'un fichier Photoshop',
  ico: 'une icône',
  rar: 'une archive RAR',
  '7z': 'une archive 7-Zip',
  gz: 'une archive gzip',
  'tar.gz': 'une archive tar.gz',
  tar: 'une archive tar',
  ps: 'un fichier PostScript',
  eps: 'un fichier PostScript',
};

/** Compound File Binary (Office 97-2003) holding a `Workbook` (or Excel 5's `Book`) stream. */
async function isExcelWorkbook(path: string): Promise<boolean> {
  // Directory entries are 128-byte records at 128-byte-aligned offsets: a UTF-16LE name, its
  // length in bytes (terminator included) at 64 and the object type (2 = stream) at 66.
  const names = [Buffer.from('Workbook\0', 'utf16le'), Buffer.from('Book\0', 'utf16le')];
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of fs.createReadStream(path, { highWaterMark: 64 * 1024 })) {
    const data: Buffer = carry.length ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
    const whole = data.length - (data.length % 128);
    for (let o = 0; o < whole; o += 128) {
      if (data[o + 66] !== 2) continue;
      const length = data.readUInt16LE(o + 64);
      if (names.some((n) => n.length === length && data.subarray(o, o + length).equals(n))) return true;
    }
    carry = data.subarray(whole);
  }
  return false;
}

/** C0 control characters other than tab, LF and CR: never in a text export. */
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f]/;

/** What a file without magic bytes is: HTML, SVG, XML, CSV, other text, or unknown binary. */
async function sniffText(path: string): Promise<Sniffed> {
  const handle = await fsp.open(path, 'r');
  let sample: Buffer;
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    sample = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) sample = sample.subarray(3);
  const head = sample.toString('latin1');
  if (CONTROL.test(head)) return { type: null, description: "un fichier binaire d'un format non reconnu" };
  const start = head.trimStart().slice(0, 1024).toLowerCase();
  if (start.startsWith('<')) {
    if (head.toLowerCase().includes('<svg')) return { type: null, description: 'une image SVG' };
    if (start.startsWith('<?xml')) return { type: null, description: 'du XML' };
    return { type: null, description: 'du HTML' };
  }
  const firstLine = head.split(/\r\n|\n|\r/).find((line) => line.trim() !== '') ?? '';
  if (!/[;,\t]/.test(firstLine))
    return { type: null, description: 'du texte sans colonnes séparées par des points-virgules ou des virgules' };

  // The whole file must be text: no control character anywhere, and UTF-8 or else Windows-1252.
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let isUtf8 = true;
  for await (const chunk of fs.createReadStream(path, { highWaterMark: 256 * 1024 })) {
    const bytes = chunk as Buffer;
    if (CONTROL.test(bytes.toString('latin1'))) return { type: null, description: "un fichier binaire d'un format non reconnu" };
    if (isUtf8) {
      try {
        utf8.decode(bytes, { stream: true });
      } catch {
        isUtf8 = false;
      }
    }
  }
  if (isUtf8) {
    try {
      utf8.decode();
    } catch {
      isUtf8 = false;
    }
  }
  return { type: 'csv', charset: isUtf8 ? 'utf-8' : 'windows-1252' };
}

async function sniff(path: string): Promise<Sniffed> {
  const found = await fileTypeFromFile(path);
  if (!found) return sniffText(path);
  const ext: string = found.ext;
  if (ext === 'apng') return { type: 'png' };
  if (ext === 'xml') return sniffText(path);
  if (ext === 'cfb') {
    return (await isExcelWorkbook(path))
      ? { type: 'xls' }
      : { type: null, description: "un fichier Microsoft Office 97-2003 qui n'est pas un classeur Excel (document Word, installeur…)" };
  }
  if (ext in acceptedTypes) return { type: ext as AcceptedType };
  if (executables.has(ext)) return { type: null, description: 'un programme exécutable' };
  return { type: null, description: describe[ext] ?? `un fichier .${ext}` };
}

// ─── Checks per type ─────────────────────────────────────────────────────────────────────────

const mb = (bytes: number) => `${Math.round(bytes / 1024 ** 2).toLocaleString('fr-FR')} Mo`;

/**
 * Refuses zip bombs: too many entries, too much inflated data, or an entry compressed beyond any
 * real document. The central directory is checked first (cheap: no inflating), then every entry
 * is inflated and discarded, so a directory that lies about the sizes is caught too (yauzl stops
 * at the first byte beyond the declared size).
 */
async function checkZip(path: string, name: string): Promise<void> {
  const refuse = (why: string) =>
    new ValidationError(
      `« ${name} » est refusé par sécurité : ${why}. Vérifiez le fichier (il est peut-être piégé) ou envoyez-en une copie réenregistrée.`,
    );
  const damaged = () =>
    new ValidationError(`« ${name} » est endommagé ou illisible. Réenregistrez-le depuis le logiciel qui l'a créé puis réessayez.`);
  const open = () => yauzl.openPromise(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false });

  const eachEntry = async (visit: (entry: yauzl.Entry, zip: yauzl.ZipFile) => Promise<void> | void) => {
    let zip: yauzl.ZipFile;
    try {
      zip = await open();
    } catch {
      throw damaged();
    }
    try {
      if (zip.entryCount > fileLimits.maxZipEntries) {
        throw refuse(
          `il contient ${zip.entryCount.toLocaleString('fr-FR')} éléments (au plus ${fileLimits.maxZipEntries.toLocaleString('fr-FR')})`,
        );
      }
      for await (const entry of zip.eachEntry()) await visit(entry, zip);
    } catch (error) {
      throw error instanceof ValidationError ? error : damaged();
    } finally {
      zip.close();
    }
  };

  let total = 0;
  await eachEntry((entry) => {
    total += entry.uncompressedSize;
    if (total > fileLimits.maxZipUncompressedBytes) {
      throw refuse(`une fois décompressé il dépasserait ${mb(fileLimits.maxZipUncompressedBytes)}`);
    }
    const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
    if (entry.uncompressedSize > fileLimits.zipRatioFromBytes && ratio > fileLimits.maxZipRatio) {
      throw refuse(
        `l'élément « ${entry.fileName} » est compressé ${Math.round(ratio).toLocaleString('fr-FR')} ` +
          `fois (au plus ${fileLimits.maxZipRatio} fois)`,
      );
    }
  });
  await eachEntry(async (entry, zip) => {
    if (entry.fileName.endsWith('/') || !entry.canDecodeFileData()) return;
    await finished((await zip.openReadStreamPromise(entry)).resume());
  });
}

/** Refuses images beyond `maxImagePixels`; returns the displayed size. */
async function checkImage(path: string, name: string): Promise<{ width: number; height: number }> {
  let meta: Metadata;
  try {
    // Reads the header only: the size is compared below, to say it in the message.
    meta = await sharp(path, { limitInputPixels: false }).metadata();
  } catch {
    throw new ValidationError(`L'image « ${name} » est endommagée ou illisible. Réenregistrez-la puis réessayez.`);
  }
  const frameHeight = meta.pageHeight ?? meta.height;
  const pixels = meta.width * frameHeight;
  if (pixels > fileLimits.maxImagePixels) {
    const mp = (n: number) => Math.round(n / 1_000_000).toLocaleString('fr-FR');
    throw new ValidationError(
      `L'image « ${name} » fait ${meta.width.toLocaleString('fr-FR')} ` +
        `× ${frameHeight.toLocaleString('fr-FR')} pixels (${mp(pixels)} mégapixels) : ` +
        `le maximum est de ${mp(fileLimits.maxImagePixels)} mégapixels. Réduisez-la (par exemple à 4 000 pixels de large) puis réessayez.`,
    );
  }
  return { width: meta.autoOrient.width, height: meta.autoOrient.height };
}

// ─── Entry point ─────────────────────────────────────────────────────────────────────────────

/**
 * The type a name's extension announces; throws `ValidationError` when the name has no extension
 * or one outside the allowlist. Cheap: the upload pipeline calls it before receiving the content.
 */
export function expectedTypeOf(name: string): AcceptedType {
  const given = extensionOf(name);
  if (!given) {
    throw new ValidationError(
      `Le nom « ${name} » n'a pas d'extension. Renommez le fichier avec la sienne (.pdf, .xlsx, .csv, .jpg…) puis réessayez.`,
    );
  }
  const expected = typeOfExtension(given);
  if (!expected) {
    const hint =
      given === 'svg'
        ? " Enregistrez l'image en PNG puis réessayez."
        : given === 'html' || given === 'htm'
          ? ' Exportez la page en PDF puis réessayez.'
          : " Convertissez le fichier dans l'un de ces formats puis réessayez.";
    throw new ValidationError(`Les fichiers .${given} ne sont pas acceptés (« ${name} »). Formats acceptés : ${acceptedList}.${hint}`);
  }
  return expected;
}

/**
 * Decides the type of the file at `path` from its content and checks that `name`'s extension
 * agrees. Throws `ValidationError` (French message) for anything outside the allowlist, a
 * mismatch, a zip bomb or an oversized image.
 */
export async function detectFile(path: string, name: string): Promise<DetectedFile> {
  const expected = expectedTypeOf(name);
  const given = extensionOf(name);
  const found = await sniff(path);
  if (found.type !== expected) {
    const what = found.type ? acceptedTypes[found.type].label : found.description;
    const fix = found.type
      ? `Renommez-le en « ${name.slice(0, name.length - given.length)}${found.type} » ou ${lowerFirst(acceptedTypes[expected].advice)}`
      : acceptedTypes[expected].advice;
    throw new ValidationError(`Le contenu de « ${name} » n'est pas ${acceptedTypes[expected].label} : c'est ${what}. ${fix}`);
  }

  const detected: DetectedFile = { type: expected, ext: expected, mime: acceptedTypes[expected].mime };
  if (found.charset) detected.charset = found.charset;
  if (zipTypes.has(expected)) await checkZip(path, name);
  if (imageTypes.has(expected)) Object.assign(detected, await checkImage(path, name));
  return detected;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
