import { createHash, randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DomainError, ValidationError } from '@/lib/errors';
import { createLocalStorage } from '@/lib/storage/local';
import { createS3Storage } from '@/lib/storage/s3';
import type { StorageDriver } from '@/lib/storage/types';
import { startS3Server, type TestS3Server } from '@/testing/s3-server';
import { PayloadTooLargeError, UploadInterruptedError } from './errors';
import { checkFileName, discardUpload, receiveUpload } from './receive';
import { removeStaleUploads } from './upload-tmp';

const MiB = 1024 * 1024;
const BOUNDARY = '----insstat-test-boundary';

/** A real PDF padded to `size` bytes with random data (still a PDF by its magic bytes). */
async function pdf(size = 0): Promise<Buffer> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  doc.text('Annuaire statistique');
  doc.end();
  await done;
  const file = Buffer.concat(chunks);
  return size > file.length ? Buffer.concat([file, randomBytes(size - file.length)]) : file;
}

type Part = { name: string; filename?: string; data: Buffer | string; type?: string };

/** A multipart/form-data body written by hand, to send what a browser never would. */
function multipart(parts: Part[], { close = true } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    // Control characters can only arrive percent-encoded (RFC 5987 `filename*`), as in a real request.
    const filename =
      part.filename === undefined
        ? ''
        : /[\x00-\x1f]/.test(part.filename)
          ? `; filename*=UTF-8''${encodeURIComponent(part.filename)}`
          : `; filename="${part.filename}"`;
    const type = part.filename === undefined ? '' : `\r\nContent-Type: ${part.type ?? 'application/octet-stream'}`;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`, 'utf8'));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** Sends `body` in 64 KiB chunks, as a network would; optionally dies after `cutAfter` bytes. */
function nodeSource(
  body: Buffer,
  options: { cutAfter?: number; contentType?: string; headers?: Record<string, string>; signal?: AbortSignal } = {},
) {
  const stats = { sent: 0 };
  const stream = new Readable({
    read() {
      if (options.cutAfter !== undefined && stats.sent >= options.cutAfter) {
        this.destroy(new Error('ECONNRESET'));
        return;
      }
      if (stats.sent >= body.length) {
        this.push(null);
        return;
      }
      const end = Math.min(body.length, stats.sent + 64 * 1024, options.cutAfter ?? Infinity);
      this.push(body.subarray(stats.sent, end));
      stats.sent = end;
    },
  });
  const source = {
    headers: { 'content-type': options.contentType ?? `multipart/form-data; boundary=${BOUNDARY}`, ...options.headers },
    body: stream,
    signal: options.signal,
  };
  return { source, stats };
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Every file under `dir` (recursively), relative paths. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

let root: string;
let tmpDir: string;
let storeDir: string;
let storage: StorageDriver;

beforeEach(async () => {
  root = await fsp.mkdtemp(path.join(os.tmpdir(), 'insstat-receive-'));
  tmpDir = path.join(root, 'tmp');
  storeDir = path.join(root, 'files');
  storage = createLocalStorage(storeDir);
});
afterEach(async () => {
  await fsp.rm(root, { recursive: true, force: true });
});

/** Nothing may be left behind after a refused or failed upload. */
async function expectNothingLeft() {
  expect(await filesUnder(tmpDir)).toEqual([]);
  expect(await filesUnder(storeDir)).toEqual([]);
}

/** Runs the upload and returns the error it fails with. */
async function failure(run: Promise<unknown>): Promise<DomainError> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('receiveUpload', () => {
  it('stores a 5 MB PDF sent by a browser form, byte for byte', async () => {
    const data = await pdf(5 * MiB);
    const form = new FormData();
    form.append('title', 'Annuaire 2025');
    form.append('file', new File([new Uint8Array(data)], '  Annuaire   statistique 2025.PDF', { type: 'application/octet-stream' }));
    form.append('visibility', 'public');
    const request = new Request('http://localhost/api/files', { method: 'POST', body: form });

    const file = await receiveUpload(request, { storage, tmpDir, maxBytes: 10 * MiB });

    expect(file).toMatchObject({
      name: 'Annuaire statistique 2025.pdf',
      originalName: '  Annuaire   statistique 2025.PDF',
      mime: 'application/pdf',
      ext: 'pdf',
      size: data.length,
      sha256: sha256(data),
      fields: { title: 'Annuaire 2025', visibility: 'public' },
    });
    expect(file.storageKey).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    expect(sha256(await readAll(await storage.get(file.storageKey)))).toBe(sha256(data));
    expect(await filesUnder(tmpDir)).toEqual([]);
  });

  it('returns the size of an image and keeps an accented name', async () => {
    const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#0b5d7a' } })
      .png()
      .toBuffer();
    const { source } = nodeSource(multipart([{ name: 'file', filename: 'Photo de l’équipe.png', data: png }]));
    const file = await receiveUpload(source, { storage, tmpDir, maxBytes: MiB });
    expect(file).toMatchObject({ name: 'Photo de l’équipe.png', mime: 'image/png', ext: 'png', width: 120, height: 80 });
  });

  it('accepts a file of exactly the limit', async () => {
    const data = await pdf(MiB);
    const { source } = nodeSource(multipart([{ name: 'file', filename: 'a.pdf', data }]));
    expect((await receiveUpload(source, { storage, tmpDir, maxBytes: MiB })).size).toBe(MiB);
  });

  it('refuses one byte over the limit with 413, leaving nothing', async () => {
    const { source, stats } = nodeSource(multipart([{ name: 'file', filename: 'gros.pdf', data: await pdf(3 * MiB) }]));
    const error = await failure(receiveUpload(source, { storage, tmpDir, maxBytes: MiB }));
    expect(error).toBeInstanceOf(PayloadTooLargeError);
    expect(error.status).toBe(413);
    expect(error.message).toMatch(/^Le fichier dépasse la taille maximale de 1 Mo\./);
    // It stopped reading soon after the limit instead of swallowing the whole body.
    expect(stats.sent).toBeLessThan(2 * MiB);
    await expectNothingLeft();
  });

  it('refuses an announced Content-Length over the limit before reading anything', async () => {
    const body = multipart([{ name: 'file', filename: 'gros.pdf', data: await pdf(3 * MiB) }]);
    const { source, stats } = nodeSource(body, { headers: { 'content-length': String(body.length) } });
    expect(await failure(receiveUpload(source, { storage, tmpDir, maxBytes: MiB }))).toBeInstanceOf(PayloadTooLargeError);
    expect(stats.sent).toBe(0);
    await expectNothingLeft();
  });

  it('leaves nothing when the connection dies halfway', async () => {
    const body = multipart([{ name: 'file', filename: 'annuaire.pdf', data: await pdf(4 * MiB) }]);
    const { source, stats } = nodeSource(body, { cutAfter: 2 * MiB });
    const error = await failure(receiveUpload(source, { storage, tmpDir, maxBytes: 10 * MiB }));
    expect(error).toBeInstanceOf(UploadInterruptedError);
    expect(error.message).toMatch(/interrompu/);
    expect(stats.sent).toBe(2 * MiB);
    await expectNothingLeft();
  });

  it('leaves nothing when the form ends without its closing boundary', async () => {
    const body = multipart([{ name: 'file', filename: 'annuaire.pdf', data: await pdf(MiB) }], { close: false });
    const { source } = nodeSource(body);
    expect(await failure(receiveUpload(source, { storage, tmpDir, maxBytes: 10 * MiB }))).toBeInstanceOf(UploadInterruptedError);
    await expectNothingLeft();
  });

  it('leaves nothing when the request is aborted while the file arrives', async () => {
    const controller = new AbortController();
    const data = await pdf(2 * MiB);
    const head = multipart([{ name: 'file', filename: 'annuaire.pdf', data }]).subarray(0, MiB);
    // Sends the first megabyte, then stalls like a dead mobile link until the abort.
    const body = new Readable({ read() {} });
    body.push(head);
    const { source } = { source: { headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, body } };
    const run = receiveUpload(source, { storage, tmpDir, maxBytes: 10 * MiB, signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await filesUnder(tmpDir)).length).toBe(1);
    controller.abort();
    expect(await failure(run)).toBeInstanceOf(UploadInterruptedError);
    await expectNothingLeft();
  });

  it('refuses a form without a file field, or a request that is no form', async () => {
    const { source } = nodeSource(multipart([{ name: 'title', data: 'Sans fichier' }]));
    const missing = await failure(receiveUpload(source, { storage, tmpDir, maxBytes: MiB }));
    expect(missing).toBeInstanceOf(ValidationError);
    expect(missing.message).toMatch(/^Aucun fichier reçu : le formulaire doit contenir le champ « file »/);

    const other = nodeSource(multipart([{ name: 'document', filename: 'a.pdf', data: await pdf() }]));
    expect((await failure(receiveUpload(other.source, { storage, tmpDir, maxBytes: MiB }))).message).toMatch(/Aucun fichier reçu/);

    const json = new Request('http://localhost/api/files', {
      method: 'POST',
      body: '{"file":"x"}',
      headers: { 'content-type': 'application/json' },
    });
    const wrongType = await failure(receiveUpload(json, { storage, tmpDir, maxBytes: MiB }));
    expect(wrongType.status).toBe(400);
    expect(wrongType.message).toMatch(/multipart\/form-data/);
    await expectNothingLeft();
  });

  it('refuses an empty file', async () => {
    const { source } = nodeSource(multipart([{ name: 'file', filename: 'vide.pdf', data: Buffer.alloc(0) }]));
    const error = await failure(receiveUpload(source, { storage, tmpDir, maxBytes: MiB }));
    expect(error.status).toBe(400);
    expect(error.message).toBe('« vide.pdf » est vide (0 octet). Vérifiez le fichier sur votre ordinateur puis réessayez.');
    await expectNothingLeft();
  });

  it('refuses a second file in the same form', async () => {
    const data = await pdf();
    const { source } = nodeSource(
      multipart([
        { name: 'file', filename: 'a.pdf', data },
        { name: 'file', filename: 'b.pdf', data },
      ]),
    );
    expect((await failure(receiveUpload(source, { storage, tmpDir, maxBytes: MiB }))).message).toBe('Envoyez un seul fichier à la fois.');
    await expectNothingLeft();
  });

  it.each([
    ['a path', '../../etc/passwd', /^Le nom « \.\.\/\.\.\/etc\/passwd » contient un chemin de dossier/],
    ['a Windows path', 'C:\\Users\\moi\\rapport.pdf', /contient un chemin de dossier/],
    ['a line break', 'rapport\r\nX-Injected: 1.pdf', /caractères de contrôle/],
    ['a NUL byte', 'rapport\u0000.pdf', /caractères de contrôle/],
    ['a direction override hiding .exe', 'facture\u202Efdp.exe', /caractères de contrôle ou invisibles/],
    ['no name', '', /n'a pas de nom/],
    ['only spaces', '   ', /n'a pas de nom/],
    ['201 characters', `${'a'.repeat(197)}.pdf`, /trop long \(201 caractères, au plus 200\)/],
    ['a refused type', 'outil.exe', /^Les fichiers \.exe ne sont pas acceptés/],
  ])('refuses a name with %s before storing anything', async (_label, filename, message) => {
    const { source } = nodeSource(multipart([{ name: 'file', filename, data: await pdf(MiB) }]));
    const error = await failure(receiveUpload(source, { storage, tmpDir, maxBytes: 10 * MiB }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toMatch(message);
    await expectNothingLeft();
  });

  it('refuses content that does not match the name, leaving nothing', async () => {
    const { source } = nodeSource(
      multipart([{ name: 'file', filename: 'rapport.pdf', data: '<!DOCTYPE html><html><body>x</body></html>' }]),
    );
    expect((await failure(receiveUpload(source, { storage, tmpDir, maxBytes: MiB }))).message).toMatch(/n'est pas un PDF : c'est du HTML/);
    await expectNothingLeft();
  });

  it('removes the stored object when storing fails after writing', async () => {
    const failing: StorageDriver = {
      ...storage,
      async putFile(key, localPath, contentType) {
        await storage.putFile(key, localPath, contentType);
        throw new Error('disque plein');
      },
    };
    const { source } = nodeSource(multipart([{ name: 'file', filename: 'a.pdf', data: await pdf() }]));
    await expect(receiveUpload(source, { storage: failing, tmpDir, maxBytes: MiB })).rejects.toThrow('disque plein');
    await expectNothingLeft();
  });
});

describe('receiveUpload into S3', () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3.close();
  });

  it('stores the upload as an object, and nothing when the upload is cut off', async () => {
    const bucket = createS3Storage({ ...s3, forcePathStyle: true });
    const list = async () => (await bucket.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? [];
    const data = await pdf(2 * MiB);

    const cut = nodeSource(multipart([{ name: 'file', filename: 'a.pdf', data }]), { cutAfter: MiB });
    await expect(receiveUpload(cut.source, { storage: bucket, tmpDir, maxBytes: 10 * MiB })).rejects.toBeInstanceOf(UploadInterruptedError);
    expect(await list()).toEqual([]);

    const { source } = nodeSource(multipart([{ name: 'file', filename: 'a.pdf', data }]));
    const file = await receiveUpload(source, { storage: bucket, tmpDir, maxBytes: 10 * MiB });
    expect((await list()).map((o) => o.Key)).toEqual([file.storageKey]);
    expect(sha256(await readAll(await bucket.get(file.storageKey)))).toBe(sha256(data));
    expect(await filesUnder(tmpDir)).toEqual([]);
  });
});

describe('helpers', () => {
  it('checkFileName trims, collapses spaces and lower-cases the extension', () => {
    expect(checkFileName('  Note   de conjoncture.XLSX ')).toBe('Note de conjoncture.xlsx');
    expect(checkFileName('Budget 2025 (version 2).pdf')).toBe('Budget 2025 (version 2).pdf');
  });

  it('discardUpload deletes the file and its variants', async () => {
    await storage.put('2026/01/a.jpg', Readable.from(Buffer.from('x')), 'image/jpeg');
    await storage.put('2026/01/a-thumb.webp', Readable.from(Buffer.from('y')), 'image/webp');
    await discardUpload(storage, { storageKey: '2026/01/a.jpg', variants: { thumb: { key: '2026/01/a-thumb.webp' } } });
    expect(await filesUnder(storeDir)).toEqual([]);
  });

  it('removeStaleUploads removes only old temporary uploads', async () => {
    await fsp.mkdir(tmpDir, { recursive: true });
    const old = path.join(tmpDir, 'upload-0b3c5a5e-1111-4222-8333-944455556666.part');
    const fresh = path.join(tmpDir, 'upload-1b3c5a5e-1111-4222-8333-944455556666.part');
    const other = path.join(tmpDir, 'notes.txt');
    for (const file of [old, fresh, other]) await fsp.writeFile(file, 'x');
    const yesterday = new Date(Date.now() - 25 * 3600_000);
    await fsp.utimes(old, yesterday, yesterday);
    await fsp.utimes(other, yesterday, yesterday);
    expect(await removeStaleUploads(tmpDir)).toBe(1);
    expect((await fsp.readdir(tmpDir)).sort()).toEqual(['notes.txt', path.basename(fresh)]);
  });
});
