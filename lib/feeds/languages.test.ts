/**
 * The feeds' serializations in both languages (issue 29): the French ones byte for byte as they
 * were written before the English feeds existed (`__golden__/`, from `./fixtures.ts`), the English
 * ones parsed by an Atom (fast-xml-parser) and an iCalendar parser (ical.js), linking to `/en/` pages
 * and marking what is still French.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { releasesToIcs } from '@/lib/releases/ics';
import { atomFeed } from './atom';
import { fixtureFeed, fixtureReleases } from './fixtures';

const golden = (name: string) => readFileSync(path.join(import.meta.dirname, '__golden__', name), 'utf8');
const site = { site: 'https://inss.example', name: 'INSS — calendrier des parutions', host: 'inss.example' };

describe('French feeds', () => {
  it('are written byte for byte as before', () => {
    expect(atomFeed(fixtureFeed)).toBe(golden('french.atom'));
    expect(releasesToIcs(fixtureReleases, site)).toBe(golden('french.ics'));
    expect(releasesToIcs(fixtureReleases, { ...site, locale: 'fr' })).toBe(golden('french.ics'));
  });
});

describe('English feeds', () => {
  it('Atom: in English, an untranslated entry’s title and summary marked French', () => {
    const xml = atomFeed({
      ...fixtureFeed,
      lang: 'en',
      title: 'INSS — Latest publications',
      entries: [
        { ...fixtureFeed.entries[0]!, title: 'Consumer price index, October', url: 'https://inss.example/en/indice/ipc/ipc-octobre-2026' },
        { ...fixtureFeed.entries[1]!, titleLang: 'fr', summary: 'Résumé', summaryLang: 'fr', url: 'https://inss.example/en/indice/ipc/b' },
      ],
    });
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['entry', 'link'].includes(name) }).parse(xml);
    expect(doc.feed['@_xml:lang']).toBe('en');
    const entries = doc.feed.entry as Record<string, unknown>[];
    expect(entries[0]!.title).toBe('Consumer price index, October');
    expect(entries[1]!.title).toEqual({ '#text': 'Sans résumé', '@_xml:lang': 'fr' });
    expect(entries[1]!.summary).toEqual({ '#text': 'Résumé', '@_xml:lang': 'fr' });
    for (const e of entries) expect((e.link as Record<string, string>[])[0]!['@_href']).toMatch(/^https:\/\/inss\.example\/en\//);
  });

  it('iCalendar: English words and texts where translated, French titles marked, links to the English release pages', () => {
    const releases = fixtureReleases.map((r, i) =>
      i === 0 ? { ...r, translations: { en: { title: 'Consumer price index – November 2026', contact: 'Dissemination desk' } } } : r,
    );
    const text = releasesToIcs(releases, { ...site, name: 'INSS — release calendar', locale: 'en' });
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('prodid')).toContain('Release calendar//EN');
    const events = calendar.getAllSubcomponents('vevent');
    expect(events).toHaveLength(3);
    const [first, second] = events;
    expect(first!.getFirstPropertyValue('summary')).toBe('Consumer price index – November 2026');
    expect(first!.getFirstProperty('summary')!.getParameter('language')).toBeUndefined();
    expect(first!.getFirstPropertyValue('description')).toBe('Contact: Dissemination desk');
    expect(second!.getFirstPropertyValue('summary')).toBe('IPI; production, « industrielle »');
    expect(second!.getFirstProperty('summary')!.getParameter('language')).toBe('fr');
    expect(second!.getFirstPropertyValue('description')).toContain('Provisional date: mars 2027.');
    for (const e of events) expect(String(e.getFirstPropertyValue('url'))).toMatch(/^https:\/\/inss\.example\/en\/calendrier\//);
    expect(text).not.toContain('Date provisoire');
  });
});
