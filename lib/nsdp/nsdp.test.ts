/**
 * The National Summary Data Page from a real database: series with an IMF code by category, their
 * latest published value, the calendar's next release, and SDMX-ML files that are well-formed and
 * carry exactly the database's values, periods and statuses.
 */
import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db/open';
import { series, users } from '@/lib/db/schema';
import { changeRelease, createRelease } from '@/lib/releases/mutations';
import { periodOf } from '@/lib/series/model';
import { valuesAt } from '@/lib/series/queries';
import { setSelfApproval } from '@/lib/review/settings';
import { publishVersions } from '@/lib/series/versions';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { categoryOf } from './categories';
import { nsdpPage, nsdpSeries } from './queries';
import { toSdmxMl } from './sdmx-ml';

describe('e-GDDS categories', () => {
  it('files IMF codes under their data category, unknown ones under « Autres »', () => {
    expect(categoryOf('PCPI_IX').id).toBe('CPI');
    expect(categoryOf('NGDP_R_XDC').id).toBe('NAG');
    expect(categoryOf('TXG_FOB_USD').id).toBe('MET');
    expect(categoryOf('ZZZ_UNKNOWN').id).toBe('OTH');
  });
});

describe.each(testDatabaseKinds)('National Summary Data Page on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  const now = new Date();
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    // One person writes and publishes here: the page is under test, the second pair of eyes in lib/series/review.test.ts.
    await setSelfApproval(db, { allowed: true, user: null, actor: 'tests' });
    const [user] = await db
      .insert(users)
      .values({ name: 'Awa Koné', email: 'awa@example.org' })
      .returning({ id: users.id, name: users.name, email: users.email });
    const actor = { user: user! };
    await db.insert(series).values([
      {
        code: 'IPC',
        area: 'ipc',
        label: 'Indice des prix à la consommation',
        unit: 'indice',
        basePeriod: 'base 100 = 2020',
        frequency: 'monthly',
        decimals: 1,
        imfIndicator: 'PCPI_IX',
      },
      {
        code: 'IPI',
        area: 'ipi',
        label: 'Production industrielle',
        unit: 'indice',
        basePeriod: '',
        frequency: 'quarterly',
        decimals: 2,
        imfIndicator: 'AIP_IX',
      },
      { code: 'HORS', area: 'ipc', label: 'Hors SGDD', unit: 'indice', basePeriod: '', frequency: 'monthly' },
    ]);
    const values = new Map([
      [
        'IPC',
        [
          { period: '2026-08-01', value: 120.04, status: 'A' as const },
          { period: '2026-09-01', value: 121.35, status: 'P' as const },
        ],
      ],
      ['IPI', [{ period: '2026-04-01', value: 98.125, status: 'A' as const }]],
      ['HORS', [{ period: '2026-09-01', value: 1, status: 'A' as const }]],
    ]);
    const published = await publishVersions(db, {
      values,
      kind: 'revision',
      reason: '',
      actor,
      approver: true,
      now: new Date(now.getTime() - 60_000),
    });
    expect(published.ok).toBe(true);
    // Values scheduled for later are not on the page.
    await publishVersions(db, {
      values: new Map([['IPC', [{ period: '2026-10-01', value: 999, status: 'A' as const }]]]),
      publishAt: new Date(now.getTime() + 3_600_000),
      kind: 'revision',
      reason: '',
      actor,
      approver: true,
      now,
    });
    const release = await createRelease(db, {
      input: {
        title: 'IPC – octobre 2026',
        area: 'ipc',
        scheduledAt: new Date(now.getTime() + 86_400_000),
        provisionalLabel: null,
        contact: '',
      },
      actor,
    });
    if (!release.ok) throw new Error(release.error);
    await changeRelease(db, {
      id: release.id,
      expectedVersion: 1,
      change: { kind: 'confirm', scheduledAt: new Date(now.getTime() + 2 * 86_400_000) },
      actor,
      now,
    });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('lists each coded series under its category with its latest value and the next release of its area', async () => {
    const sections = await nsdpPage(db, now);
    expect(sections.map((s) => s.category.id)).toEqual(['IND', 'CPI']);
    const cpi = sections.find((s) => s.category.id === 'CPI')!.rows[0]!;
    expect(cpi).toMatchObject({
      indicator: 'PCPI_IX',
      latest: { period: '2026-09-01', value: 121.35, status: 'P' },
      next: { title: 'IPC – octobre 2026', status: 'confirmed' },
    });
    expect(cpi.next!.scheduledAt).toEqual(new Date(now.getTime() + 2 * 86_400_000));
    expect(sections.find((s) => s.category.id === 'IND')!.rows[0]!.next).toBeNull();
  });

  it('writes well-formed SDMX-ML whose values, periods and statuses are the database’s', async () => {
    for (const [, data] of await nsdpSeries(db, now)) {
      const xml = toSdmxMl(data, { id: 'NSDP_TEST', sender: { id: 'INS', name: 'Institut & co' }, refArea: 'BF', prepared: now });
      expect(XMLValidator.validate(xml)).toBe(true);
      const doc = new XMLParser({
        ignoreAttributes: false,
        isArray: (name) => ['generic:Series', 'generic:Obs', 'generic:Value'].includes(name),
      }).parse(xml);
      const seriesList = doc['message:GenericData']['message:DataSet']['generic:Series'];
      for (const s of seriesList) {
        const key = Object.fromEntries(
          s['generic:SeriesKey']['generic:Value'].map((v: Record<string, string>) => [v['@_id'], v['@_value']]),
        );
        expect(key.REF_AREA).toBe('BF');
        const d = data.find((x) => x.indicator === key.INDICATOR)!;
        const [row] = await db.select().from(series).where(eq(series.code, d.meta.code));
        const stored = (await valuesAt(db, [row!.id], { at: now })).get(row!.id)!;
        const obs = s['generic:Obs'].map((o: Record<string, Record<string, string> & { 'generic:Value': Record<string, string>[] }>) => ({
          period: o['generic:ObsDimension']!['@_value'],
          value: Number(o['generic:ObsValue']!['@_value']),
          status: o['generic:Attributes']!['generic:Value'][0]!['@_value'],
        }));
        expect(obs).toEqual(
          stored.map((o) => ({
            period: periodOf(o.period, row!.frequency),
            value: Number(o.value.toFixed(row!.decimals)),
            status: o.status,
          })),
        );
        expect(key.FREQ).toBe(row!.frequency === 'monthly' ? 'M' : 'Q');
      }
    }
  });
});
