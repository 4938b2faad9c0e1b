import { describe, expect, it } from 'vitest';
import { hasTranslation, langAttr, localize } from './content';

const row = { id: 1, title: 'Indice des prix', summary: 'Résumé', body: '', translations: { en: { title: 'Price index', summary: '  ' } } };

describe('localize', () => {
  it('returns French unchanged', () => {
    const fr = localize(row, 'fr', ['title', 'summary', 'body']);
    expect(fr.title).toBe('Indice des prix');
    expect(fr.untranslated).toBe(false);
    expect(fr.langOf('title')).toBe('fr');
  });
  it('takes English where translated, French (marked) elsewhere', () => {
    const en = localize(row, 'en', ['title', 'summary', 'body']);
    expect(en.title).toBe('Price index');
    expect(en.langOf('title')).toBe('en');
    expect(en.summary).toBe('Résumé');
    expect(en.langOf('summary')).toBe('fr');
    // An empty French field has nothing to fall back on: not counted as untranslated.
    expect(en.langOf('body')).toBe('en');
    expect(en.untranslated).toBe(true);
    expect(en.id).toBe(1);
  });
  it('is complete when every field with French text is translated', () => {
    const en = localize({ title: 'A', body: 'B', translations: { en: { title: 'A1', body: 'B1' } } }, 'en', ['title', 'body']);
    expect(en.untranslated).toBe(false);
  });
});

describe('hasTranslation, langAttr', () => {
  it('read a row and a field', () => {
    expect(hasTranslation(row.translations, 'en', 'title')).toBe(true);
    expect(hasTranslation(row.translations, 'en', 'summary')).toBe(false);
    expect(hasTranslation({}, 'fr', 'title')).toBe(true);
    expect(langAttr('fr', 'en')).toBe('fr');
    expect(langAttr('en', 'en')).toBeUndefined();
  });
});
