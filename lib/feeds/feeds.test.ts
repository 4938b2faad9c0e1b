import { describe, expect, it } from 'vitest';
import { areaTexts, publicPublicationAreas } from '@/lib/content/areas';
import { feedLinks } from './feeds';

describe('feedLinks', () => {
  const area = publicPublicationAreas()[0]!;

  it('titles the feeds in French by default, an area’s last', () => {
    const links = feedLinks(area.slug);
    expect(links.map((l) => l.title)).toEqual([
      'Actualités',
      'Dernières publications',
      'Parutions publiées',
      `Publications : ${area.menuLabel}`,
    ]);
    expect(links.at(-1)!.url).toBe(`/flux/publications/${area.slug}.atom`);
  });

  it('titles them in English on English pages, and announces the English feeds there', () => {
    const fr = feedLinks(area.slug, 'fr');
    const en = feedLinks(area.slug, 'en');
    expect(en.map((l) => l.url)).toEqual(fr.map((l) => `/en${l.url}`));
    expect(en.slice(0, 3).map((l) => l.title)).toEqual(['News', 'Latest publications', 'Published releases']);
    expect(en.at(-1)!.title).toBe(`Publications: ${areaTexts(area, 'en').menuLabel}`);
  });
});
