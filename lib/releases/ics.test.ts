import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { fold, releasesToIcs } from './ics';
import { fromZonedInput, toZonedInput, type Release } from './model';

const release = (over: Partial<Release>): Release => ({
  id: 7,
  slug: 'ipc-novembre-2026',
  area: 'ipc',
  title: 'Indice des prix à la consommation – novembre 2026',
  scheduledAt: new Date('2026-12-12T08:45:00Z'),
  status: 'confirmed',
  provisionalLabel: null,
  reason: null,
  contact: 'Diffusion, diffusion@inss.example',
  sequence: 0,
  updatedAt: new Date('2026-11-20T10:00:00Z'),
  createdAt: new Date('2026-10-01T10:00:00Z'),
  publications: [],
  versions: [],
  ...over,
});

describe('releasesToIcs', () => {
  it('parses with ical.js: UTC start and end, stable UID, SEQUENCE, STATUS, escaped text', () => {
    const text = releasesToIcs(
      [
        release({}),
        release({
          id: 8,
          slug: 'ipi',
          title: 'IPI; production, « industrielle »',
          status: 'announced',
          provisionalLabel: 'mars 2027',
          sequence: 2,
        }),
        release({ id: 9, slug: 'annule', status: 'cancelled', reason: 'Enquête suspendue,\nreprise au 2e trimestre.' }),
      ],
      { site: 'https://inss.example', name: 'INSS', host: 'inss.example' },
    );
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.uid)).toEqual(['release-7@inss.example', 'release-8@inss.example', 'release-9@inss.example']);
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe('2026-12-12T08:45:00.000Z');
    expect(events[0]!.endDate.toJSDate().toISOString()).toBe('2026-12-12T09:15:00.000Z');
    expect(events[0]!.startDate.zone.tzid).toBe('UTC');
    expect(events.map((e) => e.sequence)).toEqual([0, 2, 0]);
    const status = calendar.getAllSubcomponents('vevent').map((v) => v.getFirstPropertyValue('status'));
    expect(status).toEqual(['CONFIRMED', 'TENTATIVE', 'CANCELLED']);
    expect(events[1]!.summary).toBe('IPI; production, « industrielle »');
    expect(events[2]!.description).toContain('Enquête suspendue,\nreprise au 2e trimestre.');
    expect(calendar.getAllSubcomponents('vevent')[0]!.getFirstPropertyValue('url')).toBe(
      'https://inss.example/calendrier/ipc-novembre-2026',
    );
  });

  it('folds long lines at 75 octets without cutting a character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = fold(line);
    expect(folded.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });
});

describe('datetime-local values in the institute’s zone', () => {
  it('reads and writes wall-clock times of the zone, UTC and with daylight saving', () => {
    expect(fromZonedInput('2026-12-12T08:45', 'UTC')).toEqual(new Date('2026-12-12T08:45:00Z'));
    expect(fromZonedInput('2026-12-12T08:45', 'Africa/Douala')).toEqual(new Date('2026-12-12T07:45:00Z'));
    expect(fromZonedInput('2026-07-01T08:45', 'Europe/Paris')).toEqual(new Date('2026-07-01T06:45:00Z'));
    expect(fromZonedInput('2026-12-01T08:45', 'Europe/Paris')).toEqual(new Date('2026-12-01T07:45:00Z'));
    expect(toZonedInput(new Date('2026-12-12T07:45:00Z'), 'Africa/Douala')).toBe('2026-12-12T08:45');
    expect(fromZonedInput('2026-02-31T08:45', 'UTC')).toBeNull();
    expect(fromZonedInput('demain', 'UTC')).toBeNull();
  });
});
