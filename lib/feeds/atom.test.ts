import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { atomFeed } from './atom';

const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Checks RFC 4287's required elements and date format on a parsed feed; returns the entries. */
function checkAtom(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['entry', 'link', 'category'].includes(name) }).parse(xml);
  const feed = doc.feed;
  expect(feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
  for (const key of ['id', 'title', 'updated']) expect(String(feed[key] ?? '')).not.toBe('');
  expect(feed.updated).toMatch(rfc3339);
  expect(feed.author?.name).toBeTruthy();
  expect(feed.link.some((l: Record<string, string>) => l['@_rel'] === 'self')).toBe(true);
  const entries = (feed.entry ?? []) as Record<string, unknown>[];
  for (const e of entries) {
    for (const key of ['id', 'title', 'updated']) expect(String(e[key] ?? '')).not.toBe('');
    expect(e.updated).toMatch(rfc3339);
    if (e.published) expect(e.published).toMatch(rfc3339);
    expect((e.link as Record<string, string>[]).some((l) => l['@_rel'] === 'alternate' && /^https?:\/\//.test(l['@_href']!))).toBe(true);
  }
  return { feed, entries };
}

describe('Atom feeds', () => {
  it('carry the required elements, RFC 3339 dates and escaped text', () => {
    const xml = atomFeed({
      id: 'tag:ins.example,2026:publications',
      title: 'INS — publications & notes',
      self: 'https://ins.example/flux/publications.atom',
      alternate: 'https://ins.example/',
      author: 'INS',
      fallbackUpdated: new Date(0),
      entries: [
        {
          id: 'tag:ins.example,2026:publication/1',
          title: 'Prix <ensemble> & alimentation',
          url: 'https://ins.example/indice/ipc/a',
          updated: new Date('2026-11-12T08:45:00.123Z'),
          published: new Date('2026-11-12T08:45:00Z'),
          summary: 'Hausse de 0,3 %',
          categories: ['IPC'],
        },
        {
          id: 'tag:ins.example,2026:publication/2',
          title: 'Sans résumé',
          url: 'https://ins.example/indice/ipc/b',
          updated: new Date('2026-10-12T08:45:00Z'),
        },
      ],
    });
    const { feed, entries } = checkAtom(xml);
    expect(feed.title).toBe('INS — publications & notes');
    expect(feed.updated).toBe('2026-11-12T08:45:00Z');
    expect(entries).toHaveLength(2);
    expect(entries[0]!.title).toBe('Prix <ensemble> & alimentation');
  });

  it('is valid when empty', () => {
    const { entries } = checkAtom(
      atomFeed({
        id: 'tag:x,2026:a',
        title: 'Vide',
        self: 'https://x/flux/a.atom',
        alternate: 'https://x/',
        author: 'X',
        fallbackUpdated: new Date('2026-01-01T00:00:00Z'),
        entries: [],
      }),
    );
    expect(entries).toEqual([]);
  });
});
