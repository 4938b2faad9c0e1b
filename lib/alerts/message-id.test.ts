/**
 * Message-IDs are unique per message and per installation: two databases (a new install, a restore
 * elsewhere) sending the same kind of message to their subscriber n°1 give two different IDs, of
 * the sender's domain, showing no internal number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import type { Mail, Mailer } from './mailer';
import { messageIdDomain, runOutbox } from './outbox';
import { alertSubscribers } from './schema';
import { subscribe, subscribeSchema } from './subscriptions';

describe('the domain of Message-IDs', () => {
  it('is MAIL_FROM’s, or the site’s host when the sender is a placeholder', () => {
    expect(messageIdDomain('Institut <alertes@Stat.Example>', 'https://www.site.example')).toBe('stat.example');
    expect(messageIdDomain('alertes@stat.example', 'https://www.site.example')).toBe('stat.example');
    expect(messageIdDomain('Institut <alertes@localhost>', 'https://www.site.example/')).toBe('www.site.example');
    expect(messageIdDomain(undefined, 'https://www.site.example')).toBe('www.site.example');
  });
});

describe.each(testDatabaseKinds)('Message-IDs of two installations (%s)', (kind) => {
  const databases: TestDatabase[] = [];
  beforeAll(async () => {
    databases.push(await createTestDatabase(kind), await createTestDatabase(kind));
  });
  afterAll(async () => {
    for (const d of databases) await d.close();
  });

  it('differ for the same subscriber and message numbers', async () => {
    const now = new Date();
    const sent: { mail: Mail; subscriber: number }[] = [];
    for (const { db } of databases) {
      await subscribe(db, subscribeSchema('fr').parse({ email: 'lecteur@example.org', areas: ['ipc'], topic: 'both' }), { now });
      const [row] = await db.select({ id: alertSubscribers.id }).from(alertSubscribers);
      const mailer: Mailer = { kind: 'smtp', close: () => {}, send: async (mail) => void sent.push({ mail, subscriber: row!.id }) };
      expect(
        await runOutbox(db, {
          mailer,
          siteUrl: 'https://www.site.example',
          mailFrom: 'Institut <alertes@stat.example>',
          timeZone: 'UTC',
          now: () => now,
        }),
      ).toMatchObject({ sent: 1 });
    }
    expect(sent).toHaveLength(2);
    // The same numbers in both databases…
    expect(sent[0]!.subscriber).toBe(sent[1]!.subscriber);
    // …yet two IDs, random, of MAIL_FROM's domain.
    const [a, b] = sent.map((s) => s.mail.messageId);
    expect(a).toMatch(/^<[0-9a-f]{32}@stat\.example>$/);
    expect(b).toMatch(/^<[0-9a-f]{32}@stat\.example>$/);
    expect(a).not.toBe(b);
  });
});
