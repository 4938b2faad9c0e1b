import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { kindPageFiles } from './files';

describe('route files of the kinds’ public pages', () => {
  it('are those the list makes, in both languages (npm run routes:kinds writes them)', () => {
    const files = kindPageFiles();
    expect(files.map((f) => f.file)).toContain('app/(en)/en/actualites/[id]/page.tsx');
    for (const { file, text } of files) expect(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : 'missing', file).toBe(text);
  });
});
