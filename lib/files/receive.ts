/**
 * The upload pipeline under `POST /api/files`: multipart form → temporary file (size and SHA-256
 * computed on the way, with backpressure, nothing buffered) → type checked from the content →
 * moved into storage under a server-generated key. Yearbooks of 50–300 MB arrive over unstable
 * links: whatever fails (client gone, truncated form, size limit, refused type), no temporary
 * file and no stored object is left behind.
 *
 * Touches no database: the caller inserts the `files` row and, if that fails, calls
 * `discardUpload` so the stored object does not stay orphaned.
 */
import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { finished, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { env } from '@/lib/env';
import { ValidationError } from '@/lib/errors';
import { getStorage, newStorageKey } from '@/lib/storage';
import type { StorageDriver } from '@/lib/storage/types';
import { detectFile, expectedTypeOf, extensionOf } from './detect';
import { PayloadTooLargeError, UploadInterruptedError } from './errors';
import { defaultUploadTmpDir } from './upload-tmp';

/** A web `Request` (route handler), or Node headers and body (tests, a plain Node server). */
export type UploadSource = Request | { headers: Headers | IncomingHttpHeaders; body: Readable; signal?: AbortSignal };

export type ReceiveOptions = {
  /** Defaults to the configured driver. */
  storage?: StorageDriver;
  /** Largest accepted file, in bytes. Defaults to UPLOAD_MAX_MB. */
  maxBytes?: number;
  /** Where the file is written while it arrives; defaults to DATA_DIR/tmp (same disk as local storage: a rename, not a copy). */
  tmpDir?: string;
  /** Name of the form field holding the file. */
  fieldName?: string;
  /** Aborts the upload (the route's `request.signal` is followed already). */
  signal?: AbortSignal;
};

export type ReceivedFile = {
  storageKey: string;
  /** Display name: the uploaded name, trimmed, spaces collapsed, extension in lower case. */
  name: string;
  /** The name as sent by the browser (already checked: no path, no control character). */
  originalName: string;
  /** Decided from the content. */
  mime: string;
  ext: string;
  size: number;
  /** Hex SHA-256 of the bytes stored. */
  sha256: string;
  width?: number;
  height?: number;
  /** The form's other text fields (title, visibility…), sent before or after the file. */
  fields: Record<string, string>;
};

/** Longest accepted file name, in characters. */
export const MAX_NAME_LENGTH = 200;

const FIELD_LIMITS = { fields: 20, fieldSize: 16 * 1024, parts: 22, headerPairs: 20 };
/** Room for boundaries, part headers and the text fields around the file. */
const FORM_OVERHEAD_BYTES = FIELD_LIMITS.fields * FIELD_LIMITS.fieldSize + 64 * 1024;

const tooLarge = (maxBytes: number) => {
  const mb = Math.floor(maxBytes / 1024 ** 2);
  const limit = mb >= 1 ? `${mb.toLocaleString('fr-FR')} Mo` : `${maxBytes.toLocaleString('fr-FR')} octets`;
  return new PayloadTooLargeError(
    `Le fichier dépasse la taille maximale de ${limit}. Réduisez-le (par exemple « Réduire ` +
      'la taille du fichier » dans votre logiciel PDF) ou découpez-le, puis réessayez.',
    maxBytes,
  );
};

/**
 * Checks an uploaded file name and returns its display form. Refuses empty names, control and
 * invisible direction characters, any path (`/`, `\`, `..`) and names over 200 characters.
 */
export function checkFileName(raw: string | undefined): string {
  const name = (raw ?? '').normalize('NFC');
  if (name.trim() === '') {
    throw new ValidationError("Le fichier envoyé n'a pas de nom. Donnez-lui un nom (par exemple « rapport-2025.pdf ») puis réessayez.");
  }
  // Control characters break headers and logs; bidi overrides disguise an extension (« rapport‮fdp.exe »).
  if (/[\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c]/u.test(name)) {
    throw new ValidationError(
      'Le nom du fichier contient des caractères de contrôle ou invisibles (retour à la ligne, ' +
        'tabulation…). Renommez-le avec des lettres, des chiffres, des espaces et des tirets, puis réessayez.',
    );
  }
  if (/[/\\]/.test(name) || name.trim() === '.' || name.trim() === '..') {
    throw new ValidationError(
      `Le nom « ${name} » contient un chemin de dossier (/ ou \\). Envoyez le fichier sous son seul nom, sans dossier, puis réessayez.`,
    );
  }
  const length = [...name].length;
  if (length > MAX_NAME_LENGTH) {
    throw new ValidationError(
      `Le nom du fichier est trop long (${length} caractères, au plus ${MAX_NAME_LENGTH}). Raccourcissez-le puis réessayez.`,
    );
  }
  const display = name.trim().replace(/\s+/g, ' ');
  const ext = extensionOf(display);
  return ext ? `${display.slice(0, display.length - ext.length)}${ext}` : display;
}

type Parsed = { originalName: string; name: string; size: number; sha256: string; fields: Record<string, string> };

function headersOf(source: UploadSource): IncomingHttpHeaders {
  const headers = source.headers;
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  return headers;
}

/** Streams the form's file to `tmpPath`; settles only once the temporary file is closed. */
function parseForm(
  body: Readable,
  headers: IncomingHttpHeaders,
  o: { tmpPath: string; maxBytes: number; fieldName: string; signals: AbortSignal[] },
) {
  return new Promise<Parsed>((resolve, reject) => {
    let form: busboy.Busboy;
    try {
      form = busboy({
        headers,
        // Keep the full name so that a path is refused rather than silently cut off.
        preservePath: true,
        defParamCharset: 'utf8',
        limits: { ...FIELD_LIMITS, files: 1, fileSize: o.maxBytes + 1 },
      });
    } catch {
      reject(
        new ValidationError(
          'Le formulaire envoyé est illisible (en-tête multipart/form-data incorrect). Rechargez la page puis réessayez.',
        ),
      );
      return;
    }
    const fields: Record<string, string> = {};
    let writing: Promise<Omit<Parsed, 'fields'>> | null = null;
    /** Settles once the temporary file is closed (a pipeline may settle before its destination closes). */
    let closed: Promise<void> = Promise.resolve();
    let fileStream: Readable | null = null;
    let failed = false;

    const cleanUp = () => {
      for (const signal of o.signals) signal.removeEventListener('abort', onAbort);
    };
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      cleanUp();
      // Stop reading, but leave the connection to the HTTP server so that the caller can still
      // answer 400/413. The parser is left to the garbage collector: destroying it from inside
      // one of its own events makes busboy throw on its next step.
      body.unpipe(form);
      body.pause();
      // With an error: busboy's file stream, destroyed without one, never settles a pipeline.
      fileStream?.destroy(new Error('Envoi abandonné'));
      // Reject only once the temporary file is closed, so the caller can remove it.
      void Promise.all([(writing ?? Promise.resolve()).catch(() => {}), closed]).then(() => reject(error));
    };
    const onAbort = () => fail(new UploadInterruptedError());
    for (const signal of o.signals) {
      if (signal.aborted) return fail(new UploadInterruptedError());
      signal.addEventListener('abort', onAbort, { once: true });
    }

    /** Reads and drops a file part we do not keep (busboy errors it if the form is cut off). */
    const skip = (stream: Readable) => stream.on('error', () => {}).resume();
    form.on('file', (field, stream, info) => {
      if (failed || field !== o.fieldName || writing) {
        skip(stream);
        return;
      }
      let name: string;
      try {
        name = checkFileName(info.filename);
        // Refuse `.exe`, `.svg`… before receiving 300 MB of them; the content is checked at the end.
        expectedTypeOf(name);
      } catch (error) {
        skip(stream);
        fail(error);
        return;
      }
      fileStream = stream;
      stream.on('limit', () => fail(tooLarge(o.maxBytes)));
      const hash = createHash('sha256');
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      const out = fs.createWriteStream(o.tmpPath, { flags: 'wx', mode: 0o600 });
      closed = new Promise((resolveClosed) => out.once('close', () => resolveClosed()));
      const written = pipeline(stream, meter, out).then(() => ({
        originalName: info.filename ?? name,
        name,
        size,
        sha256: hash.digest('hex'),
      }));
      writing = written;
      // A disk error (ENOSPC…) is the server's; any other end of the file stream is the client's.
      written.catch((error: unknown) => fail((error as NodeJS.ErrnoException).syscall ? error : new UploadInterruptedError()));
    });
    form.on('field', (field, value, info) => {
      if (info.valueTruncated) return fail(new ValidationError(`Le champ « ${field} » est trop long. Raccourcissez-le puis réessayez.`));
      fields[field] = value;
    });
    form.on('filesLimit', () => fail(new ValidationError('Envoyez un seul fichier à la fois.')));
    form.on('fieldsLimit', () => fail(new ValidationError('Le formulaire contient trop de champs. Rechargez la page puis réessayez.')));
    form.on('partsLimit', () => fail(new ValidationError('Le formulaire contient trop de champs. Rechargez la page puis réessayez.')));
    form.on('error', () => fail(new UploadInterruptedError()));
    form.on('close', () => {
      if (failed) return;
      if (!writing) {
        fail(
          new ValidationError(
            `Aucun fichier reçu : le formulaire doit contenir le champ « ${o.fieldName} ». Choisissez un fichier puis réessayez.`,
          ),
        );
        return;
      }
      writing.then(
        (file) => {
          if (failed) return;
          cleanUp();
          resolve({ ...file, fields });
        },
        () => {},
      );
    });
    // A client that goes away errors or closes the body before its end.
    finished(body, { writable: false }, (error) => {
      if (error) fail(new UploadInterruptedError());
    });
    body.pipe(form);
  });
}

/**
 * Receives one uploaded file (multipart field `file`) and stores it. Throws `ValidationError`
 * (400: no file, bad name, empty file, refused type…), `PayloadTooLargeError` (413) or
 * `UploadInterruptedError` (400); in every failure the temporary file and any stored object are
 * removed.
 */
export async function receiveUpload(source: UploadSource, options: ReceiveOptions = {}): Promise<ReceivedFile> {
  const storage = options.storage ?? getStorage();
  const maxBytes = options.maxBytes ?? env.UPLOAD_MAX_MB * 1024 ** 2;
  const tmpDir = options.tmpDir ?? defaultUploadTmpDir();
  const headers = headersOf(source);

  const contentType = String(headers['content-type'] ?? '');
  if (!/^multipart\/form-data\s*;.*boundary=/i.test(contentType)) {
    throw new ValidationError(
      'Le fichier doit être envoyé par un formulaire (multipart/form-data) avec le champ « file ». Rechargez la page puis réessayez.',
    );
  }
  // Browsers announce the size of a form: refuse an oversized upload before reading any of it.
  const announced = Number(headers['content-length']);
  if (Number.isFinite(announced) && announced > maxBytes + FORM_OVERHEAD_BYTES) throw tooLarge(maxBytes);

  const signals = [options.signal, source.signal].filter((s): s is AbortSignal => !!s);
  let body: Readable;
  if (source instanceof Request) {
    if (!source.body) throw new ValidationError('Aucun fichier reçu : la requête est vide. Choisissez un fichier puis réessayez.');
    body = Readable.fromWeb(source.body as WebReadableStream<Uint8Array>);
  } else {
    body = source.body;
  }

  await fsp.mkdir(tmpDir, { recursive: true });
  const tmpPath = path.join(tmpDir, `upload-${randomUUID()}.part`);
  let storageKey: string | null = null;
  try {
    const upload = await parseForm(body, headers, { tmpPath, maxBytes, fieldName: options.fieldName ?? 'file', signals });
    if (upload.size === 0) {
      throw new ValidationError(`« ${upload.name} » est vide (0 octet). Vérifiez le fichier sur votre ordinateur puis réessayez.`);
    }
    const detected = await detectFile(tmpPath, upload.name);
    storageKey = newStorageKey(detected.ext);
    await storage.putFile(storageKey, tmpPath, detected.mime);
    const received: ReceivedFile = {
      storageKey,
      name: upload.name,
      originalName: upload.originalName,
      mime: detected.mime,
      ext: detected.ext,
      size: upload.size,
      sha256: upload.sha256,
      fields: upload.fields,
    };
    if (detected.width !== undefined && detected.height !== undefined) {
      received.width = detected.width;
      received.height = detected.height;
    }
    return received;
  } catch (error) {
    // A failed put may have left a partial object (or a completed one, if the failure came after).
    if (storageKey) await storage.delete(storageKey).catch(() => {});
    throw error;
  } finally {
    await fsp.rm(tmpPath, { force: true });
  }
}

/**
 * Removes what an upload stored (the file and its image variants), for a caller whose database
 * insert failed. Best effort: never throws, so it cannot hide the original error.
 */
export async function discardUpload(
  storage: StorageDriver,
  file: { storageKey: string; variants?: Record<string, { key: string }> | null },
): Promise<void> {
  const keys = [file.storageKey, ...Object.values(file.variants ?? {}).map((v) => v.key)];
  await Promise.allSettled(keys.map((key) => storage.delete(key)));
}
