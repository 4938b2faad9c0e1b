import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps admin paths and their query strings', () => {
    expect(safeReturnPath('/admin/news')).toBe('/admin/news');
    expect(safeReturnPath('/admin/fichiers?type=xlsx&page=2')).toBe('/admin/fichiers?type=xlsx&page=2');
  });
  it('refuses anything that could leave the back-office', () => {
    for (const bad of [
      '//evil.example',
      '/admin//evil.example',
      'https://evil.example/admin',
      '/adminx',
      '/',
      '/admin/connexion',
      '/admin/news?x=<script>',
      undefined,
      null,
    ]) {
      expect(safeReturnPath(bad)).toBe('/admin');
    }
  });
});
