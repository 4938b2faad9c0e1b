/**
 * The files part of `npm run bench`: a 300 MB PDF uploaded through `POST /api/files` and
 * downloaded back, with the throughput of each way, the SHA-256 of both ends, and how much the
 * server's resident memory grew while it streamed (sampled from /proc every 20 ms).
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { demoAccount } from '@/demo/demo-account';

export type FileBenchResult = Record<string, string | number | boolean>;

const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 300);

/** Resident memory of a process in MB (Linux), or null elsewhere. */
function rssMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

/** Samples a process's RSS until stopped; returns the peak. */
function sampleRss(pid: number) {
  let peak = rssMb(pid) ?? 0;
  const timer = setInterval(() => {
    const v = rssMb(pid);
    if (v !== null && v > peak) peak = v;
  }, 20);
  return { stop: () => (clearInterval(timer), peak) };
}

/** Writes a PDF-looking file of `mb` megabytes (random body) without holding it in memory. */
async function makeFile(file: string, mb: number): Promise<string> {
  const hash = createHash('sha256');
  const out = fs.createWriteStream(file);
  const write = (chunk: Buffer) => {
    hash.update(chunk);
    return out.write(chunk) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r()));
  };
  await write(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'));
  const chunk = 4 * 1024 * 1024;
  let left = mb * 1024 * 1024 - 32;
  while (left > 0) {
    const n = Math.min(chunk, left);
    await write(randomBytes(n));
    left -= n;
  }
  await write(Buffer.from('\n%%EOF\n'));
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return hash.digest('hex');
}

export async function benchFiles(baseUrl: string, pid: number | undefined): Promise<FileBenchResult> {
  const login = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: demoAccount.email, password: demoAccount.password }),
  });
  if (login.status !== 200)
    return { ignoré: `connexion du compte de démonstration impossible (${login.status}) : base sans compte de démonstration ?` };
  const { token } = (await login.json()) as { token: string };
  const auth = { Authorization: `Bearer ${token}` };

  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'insstat-bench-'));
  try {
    const file = path.join(dir, 'annuaire.pdf');
    console.log(`  fichier de ${SIZE_MB} Mo…`);
    const sourceSha = await makeFile(file, SIZE_MB);
    const size = (await fsp.stat(file)).size;

    // The multipart body streamed from disk: the client does not hold the file either.
    const boundary = `----bench${Date.now()}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; ` +
        'filename="Annuaire statistique (bench).pdf"\r\nContent-Type: application/pdf\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const body = Readable.from(
      (async function* () {
        yield head;
        yield* fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
        yield tail;
      })(),
    );

    await new Promise((r) => setTimeout(r, 500));
    const baseline = pid ? rssMb(pid) : null;
    const uploadSampler = pid ? sampleRss(pid) : null;
    console.log('  envoi…');
    let started = performance.now();
    const upload = await fetch(`${baseUrl}/api/files`, {
      method: 'POST',
      headers: {
        ...auth,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(head.length + size + tail.length),
      },
      body: Readable.toWeb(body) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    const uploadSeconds = (performance.now() - started) / 1000;
    const uploadPeak = uploadSampler?.stop() ?? null;
    const uploaded = (await upload.json()) as { file?: { id: string; url: string; sha256: string }; error?: string };
    if (upload.status !== 201 || !uploaded.file) return { erreur: `envoi refusé (${upload.status}) : ${uploaded.error ?? ''}` };

    console.log('  téléchargement…');
    const downloadSampler = pid ? sampleRss(pid) : null;
    started = performance.now();
    const download = await fetch(`${baseUrl}${uploaded.file.url}`);
    const hash = createHash('sha256');
    let received = 0;
    const reader = download.body?.getReader();
    for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) {
      hash.update(chunk.value);
      received += chunk.value.length;
    }
    const downloadSeconds = (performance.now() - started) / 1000;
    const downloadPeak = downloadSampler?.stop() ?? null;
    const downloadSha = hash.digest('hex');

    await fetch(`${baseUrl}/api/files/${uploaded.file.id}`, { method: 'DELETE', headers: auth });

    const mb = size / 1024 / 1024;
    const growth = (peak: number | null) => (baseline !== null && peak !== null ? Math.round(Math.max(0, peak - baseline)) : 'n/d');
    return {
      'taille (Mo)': Math.round(mb),
      'envoi (Mo/s)': Math.round(mb / uploadSeconds),
      'téléchargement (Mo/s)': Math.round(mb / downloadSeconds),
      'octets reçus = taille': received === size,
      'SHA-256 identique (source, serveur, téléchargement)': sourceSha === uploaded.file.sha256 && sourceSha === downloadSha,
      'mémoire résidente au repos (Mo)': baseline === null ? 'n/d' : Math.round(baseline),
      'croissance mémoire pendant l’envoi (Mo)': growth(uploadPeak),
      'croissance mémoire pendant le téléchargement (Mo)': growth(downloadPeak),
    };
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
