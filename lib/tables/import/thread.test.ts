import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTableFile, readTableFile } from './index';
import { parsePx } from './px';
import { refused } from './result';
import { interruptedMessage, parseInWorker } from './thread';

const fixture = new Uint8Array(fs.readFileSync(path.join(__dirname, 'fixtures', 'population.px')));
const utf8 = (text: string) => new TextEncoder().encode(text);

/** A tidy French CSV of `n` regions × 2 sexes × 10 years. */
function bigCsv(n: number) {
  const lines = ['REGION;SEXE;annee;valeur'];
  for (let r = 0; r < n; r++) for (const s of ['F', 'M']) for (let y = 2000; y < 2010; y++) lines.push(`R${r};${s};${y};${r},5`);
  return utf8(lines.join('\n'));
}

describe('reading a table file in a worker thread', () => {
  it('gives what the same reader gives in this thread: cells, statuses, notes, labels, warnings', async () => {
    const inWorker = await readTableFile({ bytes: fixture, filename: 'population.px' });
    expect(inWorker.errors).toEqual([]);
    expect(inWorker).toEqual(parsePx(fixture));
    expect(inWorker.payload!.values).toBeInstanceOf(Float64Array);
    const csv = utf8('REGION;annee;valeur;statut\nR01;2024;1,5;P\nR01;2025;..;\nR02;2024;x;\n');
    expect(await readTableFile({ bytes: csv, filename: 'a.csv' })).toEqual(await parseTableFile({ bytes: csv, filename: 'a.csv' }));
  });

  it('keeps this thread free while it reads: a timer set after the read began runs before the read ends', async () => {
    const order: string[] = [];
    const read = readTableFile({ bytes: bigCsv(5_000), filename: 'grand.csv' }).then((r) => {
      order.push('read');
      return r;
    });
    await new Promise<void>((resolve) =>
      setTimeout(() => {
        order.push('timer');
        resolve();
      }, 0),
    );
    const parsed = await read;
    expect(parsed.payload?.values.length).toBe(100_000);
    expect(order).toEqual(['timer', 'read']);
  });

  it('reports the same French refusals as before for a bad or cut-off file', async () => {
    const cut = bigCsv(10);
    const truncated = await readTableFile({ bytes: cut.subarray(0, cut.length - 7), filename: 'coupe.csv' });
    expect(truncated).toEqual(await parseTableFile({ bytes: cut.subarray(0, cut.length - 7), filename: 'coupe.csv' }));
    expect(truncated.payload).toBeNull();
    const bad = await readTableFile({ bytes: utf8('a;b\n1;2\n'), filename: 'x.csv' });
    expect(bad.errors[0]!.message).toMatch(/Colonne des valeurs introuvable/);
    expect(await readTableFile({ bytes: new Uint8Array(), filename: 'x.csv' })).toEqual(refused('csv-fr', 'Le fichier est vide.'));
  });

  it('answers with a French refusal, not an exception, when the worker dies mid-read', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tables-worker-'));
    const dying = path.join(dir, 'dying.mjs');
    fs.writeFileSync(dying, 'process.exit(3);\n');
    try {
      const result = await parseInWorker(
        { bytes: fixture, filename: 'population.px' },
        {},
        () => Promise.reject(new Error('inline')),
        dying,
      );
      expect(result).toEqual(refused('px', interruptedMessage));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads in this thread where no worker can start (the sources are not beside the server)', async () => {
    const inline = () => parseTableFile({ bytes: fixture, filename: 'population.px' });
    const result = await parseInWorker({ bytes: fixture, filename: 'population.px' }, {}, inline, '/nonexistent/worker.ts');
    expect(result.payload?.values.length).toBe(parsePx(fixture).payload!.values.length);
  });
});
