import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudit } from '@/lib/audit/write';
import { publications } from '@/lib/db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { listAudit, recentActivity } from './journal';

describe.each(testDatabaseKinds)('audit log (%s)', (kind) => {
  let database: TestDatabase;
  const user = { id: '', name: 'Awa Diallo', email: 'awa@inss.example' };
  let publicationId = 0;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const [p] = await database.db
      .insert(publications)
      .values({ area: 'ipc', slug: 'ipc-mars', title: 'IPC mars' })
      .returning({ id: publications.id });
    await writeAudit(database.db, {
      actor: 'awa@inss.example',
      action: 'user.sign_in_failed',
      summary: 'Échec de connexion pour awa@inss.example',
      ip: '198.51.100.1',
    });
    await writeAudit(database.db, {
      action: 'file.upload',
      actor: 'Awa Diallo <awa@inss.example>',
      entityType: 'file',
      entityId: 'x',
      summary: 'Fichier envoyé : annuaire.pdf',
    });
    await writeAudit(database.db, {
      action: 'publication.publish',
      actor: 'Moussa Keïta <moussa@inss.example>',
      entityType: 'publication',
      entityId: p!.id,
      summary: 'Publié : IPC mars',
    });
    publicationId = p!.id;
    void user;
  });
  afterAll(() => database.close());

  it('lists newest first with French labels and links to the edit screen of the thing', async () => {
    const { total, entries } = await listAudit(database.db);
    expect(total).toBe(3);
    expect(entries.map((e) => e.action)).toEqual(['publication.publish', 'file.upload', 'user.sign_in_failed']);
    expect(entries[0]).toMatchObject({ actionLabel: 'Publication', href: `/admin/indice/prix_consommation/${publicationId}` });
    expect(entries[1]).toMatchObject({ href: '/admin/fichiers' });
  });

  it('filters by text, group and day', async () => {
    expect((await listAudit(database.db, { q: 'moussa' })).entries.map((e) => e.action)).toEqual(['publication.publish']);
    expect((await listAudit(database.db, { q: '100%_' })).total).toBe(0);
    expect((await listAudit(database.db, { group: 'file' })).entries.map((e) => e.action)).toEqual(['file.upload']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await listAudit(database.db, { from: today, to: today })).total).toBe(3);
    expect((await listAudit(database.db, { to: '2000-01-01' })).total).toBe(0);
    expect((await listAudit(database.db, { from: 'nimporte' })).total).toBe(3);
  });

  it('leaves sign-ins out of the recent activity', async () => {
    expect((await recentActivity(database.db)).map((e) => e.action)).toEqual(['publication.publish', 'file.upload']);
  });
});
