/**
 * DDI import and export with codebooks not written here (testing/ddi/README.md): a Nesstar
 * Publisher 1.2.2 export in UTF-16 with a BOM and an IPUMS DDI 2.5 extract read with their study,
 * files, variables, categories, frequencies and questions; exported again as DDI 2.5 that xmllint
 * finds well-formed and in the 2.5 namespace, and that reads back to the same codebook. Hostile
 * files (billion laughs, an external entity, 200 MB, another namespace or root) refused in French,
 * quickly and with little memory.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toDdi25, toDdiJson } from './export';
import { ddiMaxBytes, parseDdi } from './parse';

const fixture = (name: string) => fs.readFileSync(path.resolve('testing/ddi', name));

function read(bytes: Uint8Array) {
  const r = parseDdi(bytes);
  if (!r.ok) throw new Error(r.error);
  return r;
}

function xmllint(xml: string): string {
  const file = path.join(os.tmpdir(), `ddi-export-${process.pid}-${Math.random().toString(36).slice(2)}.xml`);
  fs.writeFileSync(file, xml);
  try {
    return execFileSync('xmllint', ['--noout', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

describe('reading real codebooks', () => {
  it('reads the Nesstar 1.2.2 export in UTF-16 (BOM) as it reads its UTF-8 original', () => {
    const utf16 = fixture('roda-002-nesstar-extract.utf16.xml');
    expect([utf16[0], utf16[1]]).toEqual([0xff, 0xfe]);
    const a = read(utf16);
    const b = read(fixture('roda-002-nesstar-extract.xml'));
    expect(a.version).toBe('1.2.2');
    expect(a.report.read[0]).toContain('UTF-16LE');
    expect(a.codebook).toEqual(b.codebook);
    const { study, variables } = a.codebook;
    expect(study.title).toBe('Diagnoza calitatii vietii - 1999');
    expect(study.idno).toBe('002');
    expect(study.producers.map((p) => p.name)).toEqual(['Institutul de Cercetare a Calitatii Vietii']);
    expect(study.universe).toBe('Populatia Romaniei de peste 18 ani');
    expect(study.files).toEqual([
      { id: 'F1', name: '002_F1.NSDstat', contents: '', records: 1195, variables: 247, format: 'Nesstar 200801' },
    ]);
    expect(variables.map((v) => v.name)).toEqual(['NR', 'LOC']);
    expect(variables[0]!.question).toBe('Numar chestionar');
    expect(variables[0]!.stats).toEqual({ vald: 1195, invd: 0, min: 1, max: 1195, mean: 597.833, stdev: 345.239 });
    expect(variables[1]!.categories.slice(0, 1)).toEqual([{ value: '1', label: 'Braila', freq: 0, missing: false }]);
    expect(variables[1]!.categories.at(-1)).toEqual({ value: '103', label: '', freq: 11, missing: false });
    expect(a.report.leftOut.join(' ')).toContain('valrng');
  });

  it('reads the IPUMS DDI 2.5 extract with its file, variables and categories', () => {
    const r = read(fixture('ipums-cps-00361-extract.xml'));
    expect(r.version).toBe('2.5');
    expect(r.codebook.study.title).toBe('User Extract cps_00361.dat');
    expect(r.codebook.study.nations).toEqual(['United States']);
    expect(r.codebook.study.timePeriods).toEqual({ start: '2004-03', end: '2004-03' });
    expect(r.codebook.study.citation).toContain('Integrated Public Use Microdata Series');
    expect(r.codebook.study.files.map((f) => [f.id, f.name])).toEqual([['ExtractData', 'cps_00361.dat']]);
    expect(r.codebook.variables.map((v) => v.name)).toEqual(['YEAR', 'SERIAL', 'MONTH', 'HWTFINL', 'ASECFLAG', 'PERNUM']);
    const month = r.codebook.variables.find((v) => v.name === 'MONTH')!;
    expect(month.categories).toHaveLength(12);
    expect(month.categories[11]).toEqual({ value: '12', label: 'December', freq: null, missing: false });
    expect(r.codebook.variables.find((v) => v.name === 'HWTFINL')!.decimals).toBe(4);
    expect(r.report.read.join(' ')).toContain('6 variables, 14 modalités');
  });
});

describe('exporting DDI 2.5', () => {
  for (const name of ['roda-002-nesstar-extract.utf16.xml', 'ipums-cps-00361-extract.xml']) {
    it(`writes ${name} as well-formed DDI 2.5 that reads back to the same variables`, () => {
      const first = read(fixture(name));
      const xml = toDdi25(first.codebook, { id: first.codebook.study.idno });
      expect(xmllint(xml)).toBe('');
      expect(xml).toMatch(/<codeBook xmlns="ddi:codebook:2_5"[^>]* version="2.5"/);
      const again = read(Buffer.from(xml, 'utf8'));
      expect(again.version).toBe('2.5');
      expect(again.codebook.variables).toEqual(first.codebook.variables);
      expect(again.codebook.study).toEqual(first.codebook.study);
      const json = JSON.parse(toDdiJson(first.codebook, { slug: 's', version: 1, url: 'http://x/s', files: [] })) as {
        variables: unknown[];
      };
      expect(json.variables).toEqual(first.codebook.variables);
    });
  }

  it('escapes what a text may hold', () => {
    const r = read(fixture('ipums-cps-00361-extract.xml'));
    r.codebook.study.title = 'Niveau & « conditions » <de vie> "2024"';
    const xml = toDdi25(r.codebook);
    expect(xmllint(xml)).toBe('');
    expect(read(Buffer.from(xml)).codebook.study.title).toBe(r.codebook.study.title);
  });
});

describe('refusing hostile or foreign XML', () => {
  const refused = (xml: string | Uint8Array) => {
    const r = parseDdi(typeof xml === 'string' ? Buffer.from(xml) : xml);
    expect(r.ok).toBe(false);
    return r.ok ? '' : r.error;
  };

  it('refuses billion laughs at its DOCTYPE, fast and without expanding anything', () => {
    const lol = ['<!ENTITY lol0 "lol">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`)].join(
      '',
    );
    const xml = `<?xml version="1.0"?><!DOCTYPE codeBook [${lol}]><codeBook xmlns="ddi:codebook:2_5"><stdyDscr><citation><titlStmt><titl>&lol9;</titl></titlStmt></citation></stdyDscr></codeBook>`;
    const before = process.memoryUsage().heapUsed;
    const started = performance.now();
    expect(refused(xml)).toContain('DOCTYPE');
    const ms = performance.now() - started;
    const grown = process.memoryUsage().heapUsed - before;
    console.log(`billion laughs: refused in ${ms.toFixed(1)} ms, heap +${(grown / 1024 / 1024).toFixed(1)} MB`);
    expect(grown).toBeLessThan(20 * 1024 * 1024);
  });

  it('refuses an external entity (DOCTYPE) and an undeclared entity', () => {
    expect(
      refused(
        '<?xml version="1.0"?><!DOCTYPE codeBook [<!ENTITY x SYSTEM "file:///etc/passwd">]><codeBook xmlns="ddi:codebook:2_5"><stdyDscr><citation><titlStmt><titl>&x;</titl></titlStmt></citation></stdyDscr></codeBook>',
      ),
    ).toContain('DOCTYPE');
    expect(
      refused(
        '<codeBook xmlns="ddi:codebook:2_5"><stdyDscr><citation><titlStmt><titl>&x;</titl></titlStmt></citation></stdyDscr></codeBook>',
      ),
    ).toContain('entité');
  });

  it('refuses a file over the limit before reading it (200 MB)', () => {
    const big = new Uint8Array(200 * 1024 * 1024);
    const before = process.memoryUsage().heapUsed;
    expect(refused(big)).toContain(`${ddiMaxBytes / 1024 / 1024} Mo au plus`);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(20 * 1024 * 1024);
  });

  it('refuses another namespace, another root, no namespace and broken XML', () => {
    expect(refused('<codeBook xmlns="http://example.org/wrong"/>')).toContain('pas un DDI Codebook');
    expect(refused('<html xmlns="ddi:codebook:2_5"/>')).toContain('« html »');
    expect(refused('<codeBook><stdyDscr/></codeBook>')).toContain('sans espace de noms');
    expect(refused('<codeBook xmlns="ddi:codebook:2_5"><stdyDscr></codeBook>')).toContain('mal formé');
    expect(refused('<?xml version="1.0" encoding="x-klingon"?><codeBook xmlns="ddi:codebook:2_5"/>')).toContain('Encodage');
  });
});
