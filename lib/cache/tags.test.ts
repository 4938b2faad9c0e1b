import { describe, expect, it } from 'vitest';
import { eventTags, galleryTags, newsTags, publicationTags, tags, tenderTags } from './tags';

describe('cache tags', () => {
  it('a publication change touches its page, its area, cross-area lists and the sitemap — nothing else', () => {
    expect(publicationTags({ id: 7, area: 'ipc' }).sort()).toEqual(['area:ipc', 'publication:7', 'publications:latest', 'sitemap'].sort());
    expect(publicationTags({ id: 7, area: 'ipc' })).not.toContain(tags.area('ice'));
  });
  it('a news change touches its page and the news lists', () => {
    expect(newsTags({ id: 3 }).sort()).toEqual(['news', 'news:3', 'sitemap'].sort());
  });
  it('an event, a gallery or a tender touches only the list that shows it (none has its own page or sitemap entry)', () => {
    // The home page reads the events list through the same tag.
    expect(eventTags()).toEqual(['events']);
    expect(galleryTags()).toEqual(['galleries']);
    expect(tenderTags()).toEqual(['tenders']);
  });
});
