/** The Nu checker (vnu.jar) on fixture pages: its messages by page, its batches, its refusal without Java. */
import { describe, expect, it } from 'vitest';
import { createNuChecker } from './nu-checker';

const page = (body: string) =>
  `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>Essai</title></head><body>${body}</body></html>`;

describe('the Nu checker', () => {
  it('names each page’s errors, checks pages by batches (full, or once the first has waited) in one JVM each, identical bytes once', async () => {
    const nu = createNuChecker({ batchSize: 2, maxWaitMs: 100 });
    try {
      const mixed = page('<main><dl><dt>Numéro</dt><dd>2026-01</dd><div><dt>Date</dt><dd>1er mars</dd></div></dl></main>');
      const grouped = page('<main><dl><div><dt>Numéro</dt><dd>2026-01</dd></div><div><dt>Date</dt><dd>1er mars</dd></div></dl></main>');
      const bare = page('<main><dl><dt>Numéro</dt><dd>2026-01</dd><dt>Date</dt><dd>1er mars</dd></dl></main>');
      const [a, b, c, again] = await Promise.all([
        nu.validate(mixed, '/a'),
        nu.validate(grouped, '/b'),
        nu.validate(bare, '/c'),
        nu.validate(mixed, '/d'),
      ]);
      expect(a).toEqual([
        {
          rule: 'vnu',
          message: expect.stringMatching(/^Element “div” not allowed as child of element “dl” in this context/),
          line: 1,
          column: expect.any(Number),
        },
      ]);
      expect([b, c]).toEqual([[], []]);
      expect(again).toEqual(a);
      expect(nu.stats()).toEqual({ checked: 3, batches: 2 });
    } finally {
      await nu.close();
    }
  });

  it('says how to install Java when it is missing', async () => {
    const nu = createNuChecker({ java: 'java-absent-de-cette-machine' });
    try {
      const checked = nu.validate(page('<p>Bonjour</p>'), '/');
      nu.flush();
      await expect(checked).rejects.toThrow(/Java introuvable .*bash scripts\/ensure-java\.sh/);
    } finally {
      await nu.close();
    }
  });
});
