import { describe, expect, it } from 'vitest';
import { newsTags, publicationTags, tags } from './tags';

describe('cache tags', () => {
  it('a publication change touches its page, its area, cross-area lists and the sitemap — nothing else', () => {
    expect(publicationTags({ id: 7, area: 'ipc' }).sort()).toEqual(['area:ipc', 'publication:7', 'publications:latest', 'sitemap'].sort());
    expect(publicationTags({ id: 7, area: 'ipc' })).not.toContain(tags.area('ice'));
  });
  it('a news change touches its page and the news lists', () => {
    expect(newsTags({ id: 3 }).sort()).toEqual(['news', 'news:3', 'sitemap'].sort());
  });
});
