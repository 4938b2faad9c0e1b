import { describe, expect, it } from 'vitest';
import { fileTypeLabel, formatChange, formatDate, formatFileSize, formatMonth, formatNumber, shortTitle } from './format';

describe('French formatting', () => {
  it('formats dates and months in French', () => {
    expect(formatDate('2026-09-03')).toBe('3 septembre 2026');
    expect(formatMonth('2026-02-01')).toBe('février 2026');
  });
  it('uses a decimal comma and narrow spaces', () => {
    expect(formatNumber(1234.56, 1)).toBe('1\u202f234,6');
    expect(formatChange(2.345)).toBe('+2,3\u202f%');
    expect(formatChange(-0.44)).toBe('-0,4\u202f%');
  });
  it('formats file sizes with French units', () => {
    expect(formatFileSize(512)).toBe('512\u00a0octets');
    expect(formatFileSize(1536)).toBe('1,5\u00a0Ko');
    expect(formatFileSize(300 * 1024 * 1024)).toBe('300\u00a0Mo');
    expect(fileTypeLabel('xlsx')).toBe('Excel (XLSX)');
  });
});

describe('shortTitle', () => {
  it('keeps a title that fits, and shortens a long one at a word to 70 characters with its suffix', () => {
    expect(shortTitle('Indice des prix', ' | INSS')).toBe('Indice des prix | INSS');
    const long = shortTitle('Enquête harmonisée sur les conditions de vie des ménages 2024 : profil de pauvreté', ' | INSS');
    expect(long.length).toBeLessThanOrEqual(70);
    expect(long).toBe('Enquête harmonisée sur les conditions de vie des ménages 2024… | INSS');
    expect(shortTitle("Indice du chiffre d'affaires des services – 3e trimestre 2026", ' | INSS')).toBe(
      'Indice du chiffre d’affaires des services – 3e trimestre 2026 | INSS',
    );
    const amp = shortTitle('Prix & salaires '.repeat(6), ' | INSS');
    expect(amp.length + 4 * (amp.match(/&/g)?.length ?? 0)).toBeLessThanOrEqual(70);
  });
});
