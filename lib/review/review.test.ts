/**
 * The second pair of eyes on real databases: a draft is submitted, approved by someone other than
 * its last writer, then goes public; its last writer may neither approve it nor put it online alone
 * unless self-approval is on (an audited setting); a change after submission sends it back; a
 * publisher putting online what someone else wrote approves it in the same act; bulk publishing
 * skips what its last writer would approve alone. Every step is in the journal.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/auth/types';
import { kinds } from '@/lib/content/kinds';
import { createItem, updateItem } from '@/lib/content/mutations/items';
import { bulkChangeLifecycle, changeLifecycle } from '@/lib/content/mutations/lifecycle';
import type { Db } from '@/lib/db/open';
import { auditEntries, news, users } from '@/lib/db/schema';
import { ConflictError, ValidationError, type DomainError } from '@/lib/errors';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { selfApprovalAllowed, setSelfApproval } from './settings';

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected a failure');
}

describe.each(testDatabaseKinds)('review before publishing on %s', (dbKind) => {
  let database: TestDatabase;
  let db: Db;
  let writer: SessionUser;
  let publisher: SessionUser;
  let admin: SessionUser;
  const kind = kinds.news;

  const addUser = async (name: string, email: string) =>
    (await db.insert(users).values({ name, email }).returning({ id: users.id, name: users.name, email: users.email }))[0]!;
  const draft = async (title: string, by: SessionUser) =>
    (await createItem(db, { kind, input: { title, summary: 'Résumé.', body: '<p>Texte.</p>' }, user: by })).item;
  const row = async (id: number) => (await db.select().from(news).where(eq(news.id, id)))[0]!;
  const change = (
    id: number,
    version: number,
    action: 'submit' | 'approve' | 'return' | 'publish' | 'schedule',
    user: SessionUser,
    extra: { note?: string; at?: Date } = {},
  ) => changeLifecycle(db, { kind, id, expectedVersion: version, action, user, ...extra });
  const actions = async (id: number) =>
    (
      await db
        .select({ action: auditEntries.action, summary: auditEntries.summary })
        .from(auditEntries)
        .where(and(eq(auditEntries.entityType, 'news'), eq(auditEntries.entityId, String(id))))
        .orderBy(asc(auditEntries.id))
    ).map((a) => a.action);

  beforeAll(async () => {
    database = await createTestDatabase(dbKind);
    db = database.db;
    writer = await addUser('Awa Rédactrice', 'awa@example.org');
    publisher = await addUser('Paul Responsable', 'paul@example.org');
    admin = await addUser('Ada Administratrice', 'ada@example.org');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('draft → submitted → approved by a second person → online, each step in the journal', async () => {
    const item = await draft('Note IPC de mars', writer);
    expect(item).toMatchObject({ review: 'none', editedBy: writer.id });
    const submitted = (await change(item.id, item.version, 'submit', writer)).item;
    expect(submitted).toMatchObject({ review: 'submitted', reviewedBy: writer.id });
    // Its writer cannot approve it…
    const own = await failure(change(item.id, submitted.version, 'approve', writer));
    expect(own).toBeInstanceOf(ConflictError);
    expect(own.message).toContain('une seconde personne doit l’approuver');
    expect((await row(item.id)).review).toBe('submitted');
    // …a second person does, and a review step changes nothing public (no tags).
    const approved = await change(item.id, submitted.version, 'approve', publisher);
    expect(approved.item).toMatchObject({ review: 'approved', reviewedBy: publisher.id, status: 'draft' });
    expect(approved.tags).toEqual([]);
    const online = await change(item.id, approved.item.version, 'publish', publisher);
    expect(online.item.status).toBe('published');
    expect(await actions(item.id)).toEqual(['news.create', 'news.submit', 'news.approve', 'news.publish']);
  });

  it('the last writer cannot put their own draft online or schedule it; a second person can, and that approves it', async () => {
    const item = await draft('Communiqué du directeur', publisher);
    const alone = await failure(change(item.id, item.version, 'publish', publisher));
    expect(alone).toBeInstanceOf(ConflictError);
    expect(alone.message).toContain('une seconde personne doit l’approuver avant sa mise en ligne');
    const scheduleAlone = await failure(change(item.id, item.version, 'schedule', publisher, { at: new Date(Date.now() + 86_400_000) }));
    expect(scheduleAlone).toBeInstanceOf(ConflictError);
    expect(await row(item.id)).toMatchObject({ status: 'draft', review: 'none', version: item.version });
    const byAdmin = (await change(item.id, item.version, 'publish', admin)).item;
    expect(byAdmin).toMatchObject({ status: 'published', review: 'approved', reviewedBy: admin.id });
  });

  it('a change after submission or approval sends a draft back to its writer, who becomes its last writer', async () => {
    const item = await draft('Atelier de formation', writer);
    const submitted = (await change(item.id, item.version, 'submit', writer)).item;
    const approved = (await change(item.id, submitted.version, 'approve', publisher)).item;
    const edited = (
      await updateItem(db, {
        kind,
        id: item.id,
        expectedVersion: approved.version,
        input: { title: 'Atelier de formation (modifié)', summary: 'Résumé.', body: '<p>Texte.</p>' },
        user: publisher,
      })
    ).item;
    expect(edited).toMatchObject({ review: 'none', editedBy: publisher.id });
    // Its new last writer is the publisher: the first writer may now approve it once submitted.
    const again = (await change(item.id, edited.version, 'submit', publisher)).item;
    expect(await failure(change(item.id, again.version, 'approve', publisher))).toBeInstanceOf(ConflictError);
    expect((await change(item.id, again.version, 'approve', writer)).item.review).toBe('approved');
  });

  it('sending back needs a reason, kept on the item and in the journal', async () => {
    const item = await draft('Bulletin trimestriel', writer);
    const submitted = (await change(item.id, item.version, 'submit', writer)).item;
    const noReason = await failure(change(item.id, submitted.version, 'return', publisher, { note: '  ' }));
    expect(noReason).toBeInstanceOf(ValidationError);
    expect(noReason.fieldErrors?.note?.[0]).toBe('Dites au rédacteur ce qu’il faut revoir.');
    const returned = (await change(item.id, submitted.version, 'return', publisher, { note: 'Le chiffre de février est à vérifier.' }))
      .item;
    expect(returned).toMatchObject({ review: 'none', reviewNote: 'Le chiffre de février est à vérifier.' });
    const [entry] = await db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'news.return'), eq(auditEntries.entityId, String(item.id))));
    expect(entry?.summary).toContain('Le chiffre de février est à vérifier.');
    // Nothing to submit twice, nothing to approve that was not submitted.
    expect((await failure(change(item.id, returned.version, 'approve', publisher))).message).toContain('n’a pas été soumis');
  });

  it('self-approval, audited, lets the last writer approve and publish their own work; off again, it does not', async () => {
    expect(await selfApprovalAllowed(db)).toBe(false);
    await setSelfApproval(db, { allowed: true, user: admin });
    expect(await selfApprovalAllowed(db)).toBe(true);
    const item = await draft('Petite équipe', publisher);
    expect((await change(item.id, item.version, 'publish', publisher)).item).toMatchObject({
      status: 'published',
      review: 'approved',
      reviewedBy: publisher.id,
    });
    await setSelfApproval(db, { allowed: false, user: admin });
    const other = await draft('Grande équipe', publisher);
    expect(await failure(change(other.id, other.version, 'publish', publisher))).toBeInstanceOf(ConflictError);
    const entries = await db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, 'settings.self_approval'))
      .orderBy(asc(auditEntries.id));
    expect(entries.map((e) => e.after)).toEqual([{ selfApproval: true }, { selfApproval: false }]);
    expect(entries[0]?.userId).toBe(admin.id);
  });

  it('bulk publishing skips what its last writer would approve alone, and approves the rest', async () => {
    const mine = await draft('Mon brouillon', publisher);
    const theirs = await draft('Leur brouillon', writer);
    const result = await bulkChangeLifecycle(db, { kind, action: 'publish', ids: [mine.id, theirs.id], user: publisher });
    expect(result.skipped).toEqual([mine.id]);
    // The list says why, as the item's own screen does.
    expect(result.refused).toEqual([{ id: mine.id, reason: expect.stringMatching(/une seconde personne doit l’approuver/) }]);
    expect(await row(theirs.id)).toMatchObject({ status: 'published', review: 'approved', reviewedBy: publisher.id });
    expect(await row(mine.id)).toMatchObject({ status: 'draft', review: 'none' });
  });
});
