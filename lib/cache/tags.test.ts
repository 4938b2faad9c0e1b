import { describe, expect, it } from 'vitest';
import { kindTags, publicationTags, tags } from './tags';

describe('cache tags', () => {
  it('a publication change touches its page, its area, cross-area lists and the sitemap — nothing else', () => {
    expect(publicationTags({ id: 7, area: 'ipc' }).sort()).toEqual(['area:ipc', 'publication:7', 'publications:latest', 'sitemap'].sort());
    expect(publicationTags({ id: 7, area: 'ipc' })).not.toContain(tags.area('ice'));
  });
  it('an item with a page of its own touches its page, its kind’s lists and the sitemap (news)', () => {
    expect(kindTags('news', { id: 3 }, { itemPages: true }).sort()).toEqual(['news', 'news:3', 'sitemap'].sort());
  });
  it('an item without a page touches only the list that shows it (events, galleries, tenders): no sitemap entry', () => {
    // The home page reads the events list through the same tag.
    expect(kindTags('events', { id: 3 }, { itemPages: false })).toEqual(['events']);
    expect(kindTags('tenders', { id: 3 }, { itemPages: false })).toEqual(['tenders']);
  });
});
