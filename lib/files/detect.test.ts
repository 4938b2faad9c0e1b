import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '@/lib/errors';
import { buildZip, contentTypes, DOCX_MAIN, XLSX_MAIN } from '@/testing/zip';
import { detectFile, expectedTypeOf } from './detect';

// ─── Fixtures ──────────────────────────────────────────────────────────────────────────────

async function pdf(): Promise<Buffer> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  doc.text('Annuaire statistique 2025');
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

async function xlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Population');
  sheet.addRow(['Région', 'Population']);
  sheet.addRow(['Ségou', 3_000_000]);
  return Buffer.from((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}

/** Office 97-2003 container (CFB): the header, then one directory sector with the named stream. */
function cfb(streamName: string): Buffer {
  const file = Buffer.alloc(512 * 3);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0);
  file.writeUInt16LE(0x3e, 24);
  file.writeUInt16LE(3, 26);
  file.writeUInt16LE(0xfffe, 28);
  file.writeUInt16LE(9, 30);
  file.writeUInt32LE(0, 48);
  const entry = (index: number, name: string, type: number) => {
    const at = 512 + index * 128;
    const encoded = Buffer.from(`${name}\0`, 'utf16le');
    encoded.copy(file, at);
    file.writeUInt16LE(encoded.length, at + 64);
    file[at + 66] = type;
  };
  entry(0, 'Root Entry', 5);
  entry(1, streamName, 2);
  return file;
}

/** A PNG whose header announces `width × height` pixels (a decompression bomb needs no more). */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const image = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 120 } } });

let dir: string;
let counter = 0;
/** Writes `data` to a fresh file and runs the detection with `name`. */
async function detect(data: Buffer, name: string) {
  const file = path.join(dir, `f${counter++}`);
  await fsp.writeFile(file, data);
  return detectFile(file, name);
}
/** The French message of the refusal (and checks it is a ValidationError). */
async function refusal(data: Buffer, name: string): Promise<string> {
  const error = await detect(data, name).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).message;
}

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'insstat-detect-'));
});
afterAll(async () => {
  await fsp.rm(dir, { recursive: true, force: true });
});

// ─── Accepted ──────────────────────────────────────────────────────────────────────────────

describe('detectFile accepts', () => {
  it('a real PDF', async () => {
    expect(await detect(await pdf(), 'Annuaire 2025.PDF')).toEqual({ type: 'pdf', ext: 'pdf', mime: 'application/pdf' });
  });

  it('an Excel workbook written by exceljs', async () => {
    expect(await detect(await xlsx(), 'population.xlsx')).toMatchObject({
      ext: 'xlsx',
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
  });

  it('a Word document, an OpenDocument workbook and a plain zip', async () => {
    const docx = await buildZip([
      { name: '[Content_Types].xml', data: contentTypes(DOCX_MAIN) },
      { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
    ]);
    expect((await detect(docx, 'note.docx')).ext).toBe('docx');
    const ods = await buildZip([
      { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.spreadsheet'), store: true },
      { name: 'content.xml', data: Buffer.from('<office:document-content/>') },
    ]);
    expect((await detect(ods, 'tableau.ods')).ext).toBe('ods');
    const zip = await buildZip([{ name: 'annexes/a.pdf', data: await pdf() }]);
    expect(await detect(zip, 'annexes.zip')).toMatchObject({ ext: 'zip', mime: 'application/zip' });
  });

  it('an Excel 97-2003 workbook (a CFB container with a Workbook stream)', async () => {
    expect(await detect(cfb('Workbook'), 'ancien.xls')).toMatchObject({ ext: 'xls', mime: 'application/vnd.ms-excel' });
  });

  it('a UTF-8 CSV with a BOM and semicolons, and a Windows-1252 one', async () => {
    const utf8 = Buffer.from('\ufeffRégion;Population\r\nSégou;3 000 000\r\n');
    expect(await detect(utf8, 'population.csv')).toEqual({ type: 'csv', ext: 'csv', mime: 'text/csv', charset: 'utf-8' });
    const latin1 = Buffer.from('Région,Valeur\nSégou,12\n', 'latin1');
    expect((await detect(latin1, 'valeurs.csv')).charset).toBe('windows-1252');
  });

  it('PNG, JPEG, WebP and GIF images, with their displayed size', async () => {
    expect(await detect(await image(640, 480).png().toBuffer(), 'logo.png')).toMatchObject({
      ext: 'png',
      mime: 'image/png',
      width: 640,
      height: 480,
    });
    expect(await detect(await image(300, 200).jpeg().toBuffer(), 'photo.jpeg')).toMatchObject({
      ext: 'jpg',
      mime: 'image/jpeg',
      width: 300,
      height: 200,
    });
    expect((await detect(await image(30, 20).webp().toBuffer(), 'a.webp')).mime).toBe('image/webp');
    expect((await detect(await image(30, 20).gif().toBuffer(), 'a.gif')).mime).toBe('image/gif');
  });

  it('a phone photo turned by EXIF: width and height as displayed', async () => {
    const rotated = await image(400, 300).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await detect(rotated, 'terrain.jpg')).toMatchObject({ width: 300, height: 400 });
  });
});

// ─── Refused ───────────────────────────────────────────────────────────────────────────────

describe('detectFile refuses', () => {
  it('HTML named .pdf, saying what it is and what to do', async () => {
    const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
    expect(await refusal(html, 'rapport.pdf')).toBe(
      "Le contenu de « rapport.pdf » n'est pas un PDF : c'est du HTML. Exportez le document en PDF puis réessayez.",
    );
  });

  it('an SVG with a script, whatever its name', async () => {
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await refusal(svg, 'logo.png')).toMatch(/n'est pas une image PNG : c'est une image SVG\./);
    expect(await refusal(svg, 'logo.svg')).toMatch(/^Les fichiers \.svg ne sont pas acceptés .*Enregistrez l'image en PNG/);
  });

  it('an executable named .pdf or .exe', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(1022)]);
    expect(await refusal(exe, 'facture.pdf')).toMatch(/n'est pas un PDF : c'est un programme exécutable\./);
    expect(await refusal(exe, 'setup.exe')).toMatch(/^Les fichiers \.exe ne sont pas acceptés/);
  });

  it('a workbook named .pdf, suggesting the right name', async () => {
    expect(await refusal(await xlsx(), 'chiffres.pdf')).toBe(
      "Le contenu de « chiffres.pdf » n'est pas un PDF : c'est un classeur Excel (.xlsx). " +
        'Renommez-le en « chiffres.xlsx » ou exportez le document en PDF puis réessayez.',
    );
  });

  it('a JPEG named .png', async () => {
    expect(await refusal(await image(30, 20).jpeg().toBuffer(), 'photo.png')).toMatch(
      /c'est une image JPEG\. Renommez-le en « photo\.jpg »/,
    );
  });

  it('a zip bomb renamed .xlsx, though its content types say xlsx', async () => {
    const bomb = await buildZip([
      { name: '[Content_Types].xml', data: contentTypes(XLSX_MAIN) },
      { name: 'xl/worksheets/sheet1.xml', data: { zeros: 64 * 1024 * 1024 } },
    ]);
    expect(bomb.length).toBeLessThan(200_000);
    expect(await refusal(bomb, 'données.xlsx')).toMatch(
      /^« données\.xlsx » est refusé par sécurité : l'élément « xl\/worksheets\/sheet1\.xml » est compressé [\d\s ]+ fois/,
    );
  });

  it('a zip whose directory lies about the inflated size', async () => {
    const liar = await buildZip([{ name: 'petit.txt', data: { zeros: 32 * 1024 * 1024 }, claimedSize: 1000 }]);
    expect(await refusal(liar, 'archive.zip')).toMatch(/endommagé ou illisible/);
  });

  it('a zip of more than 10 000 entries', async () => {
    const many = await buildZip(Array.from({ length: 10_001 }, (_, i) => ({ name: `f${i}`, data: Buffer.from('x'), store: true })));
    expect(await refusal(many, 'archive.zip')).toMatch(/il contient 10\s001 éléments \(au plus 10\s000\)/);
  });

  it('a zip announcing more than 1 GiB once inflated', async () => {
    // 110 entries of 10 MiB each: none is suspicious alone, together they make 1.1 GB.
    const huge = await buildZip(
      Array.from({ length: 110 }, (_, i) => ({ name: `part${i}.bin`, data: Buffer.from('x'), claimedSize: 10 * 1024 * 1024 })),
    );
    expect(await refusal(huge, 'archive.zip')).toMatch(/une fois décompressé il dépasserait 1\s024 Mo/);
  });

  it('an image over 50 megapixels', async () => {
    expect(await refusal(pngHeader(10_000, 6_000), 'affiche.png')).toMatch(
      /^L'image « affiche\.png » fait 10\s000 × 6\s000 pixels \(60 mégapixels\) : le maximum est de 50 mégapixels\./,
    );
  });

  it('a Word 97-2003 document named .xls', async () => {
    expect(await refusal(cfb('WordDocument'), 'tableau.xls')).toMatch(/qui n'est pas un classeur Excel/);
  });

  it('text without columns, or binary data, named .csv', async () => {
    expect(await refusal(Buffer.from('Bonjour\nà tous\n'), 'liste.csv')).toMatch(/c'est du texte sans colonnes/);
    expect(await refusal(Buffer.from('a;b\n1;\x00\x01\x02\n'), 'liste.csv')).toMatch(/c'est un fichier binaire/);
  });

  it('control characters far into a long CSV', async () => {
    const head = Buffer.from(`a;b\n${'1;2\n'.repeat(50_000)}`);
    expect(await refusal(Buffer.concat([head, Buffer.from([0x00, 0x00])]), 'long.csv')).toMatch(/binaire/);
  });

  it('a name without extension', () => {
    expect(() => expectedTypeOf('rapport')).toThrow(/n'a pas d'extension/);
  });
});
