/**
 * The English of attached files' labels and of gallery photos' captions and descriptions (issue 29):
 * saved through the kinds' one write path beside the French, given back to the edit form, read by
 * the public queries; an untranslated list saves and audits as before (the same form again writes nothing).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/auth/types';
import type { AttachmentValue, GalleryImageValue } from '@/lib/content/editing/values';
import { kinds } from '@/lib/content/kinds';
import { withImages } from '@/lib/content/queries/galleries';
import { filesOfPublications } from '@/lib/content/queries/files';
import { files, users } from '@/lib/db/schema';
import type { DomainError } from '@/lib/errors';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { createItem, loadForEdit, updateItem } from './items';

describe.each(testDatabaseKinds)('English labels and captions on %s', (kind) => {
  let database: TestDatabase;
  let user: SessionUser;
  const file = async (name: string, mime: string, ext: string) =>
    (
      await database.db
        .insert(files)
        .values({ storageKey: randomUUID(), name, originalName: name, mime, ext, size: 10, sha256: '0'.repeat(64) })
        .returning({ id: files.id })
    )[0]!.id;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const [row] = await database.db
      .insert(users)
      .values({ name: 'Awa', email: 'awa@example.org' })
      .returning({ id: users.id, name: users.name, email: users.email });
    user = row!;
  });
  afterAll(async () => {
    await database?.close();
  });

  it('keeps a file’s English label beside the French, and gives it back to the form and the pages', async () => {
    const db = database.db;
    const pdf = await file('note.pdf', 'application/pdf', 'pdf');
    const xlsx = await file('data.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx');
    const input = {
      title: 'Note sur les prix',
      area: 'ipc',
      files: [
        { fileId: pdf, label: 'Note complète (PDF)', labelEn: 'Full note (PDF)' },
        { fileId: xlsx, label: 'Données', labelEn: '' },
      ],
    };
    const { item } = await createItem(db, { kind: kinds.publications, input, user });
    const edit = await loadForEdit(db, kinds.publications, item.id);
    expect((edit.values.files as AttachmentValue[]).map((f) => [f.label, f.labelEn])).toEqual([
      ['Note complète (PDF)', 'Full note (PDF)'],
      ['Données', undefined],
    ]);
    const shown = (await filesOfPublications(db, [item.id])).get(item.id)!;
    expect(shown.map((f) => [f.label, f.translations?.en?.label])).toEqual([
      ['Note complète (PDF)', 'Full note (PDF)'],
      ['Données', undefined],
    ]);
    // The same form again: nothing to write.
    const again = await updateItem(db, { kind: kinds.publications, id: item.id, expectedVersion: item.version, input, user });
    expect(again.tags).toEqual([]);
    expect(again.item.version).toBe(item.version);
    const longer = await updateItem(db, {
      kind: kinds.publications,
      id: item.id,
      expectedVersion: item.version,
      input: { ...input, files: [{ fileId: pdf, label: 'x', labelEn: 'y'.repeat(201) }] },
      user,
    }).catch((e: DomainError) => e);
    // Refused with a French message under the field, nothing written.
    expect(JSON.stringify((longer as DomainError).fieldErrors)).toContain('Libellé du fichier en anglais : 200 caractères au plus.');
  });

  it('keeps a photo’s English caption and description', async () => {
    const db = database.db;
    const photo = await file('p.jpg', 'image/jpeg', 'jpg');
    const input = {
      title: 'Atelier régional',
      images: [
        { fileId: photo, caption: 'Les enquêteurs', alt: 'Trois enquêteurs', captionEn: 'The interviewers', altEn: 'Three interviewers' },
      ],
    };
    const { item } = await createItem(db, { kind: kinds.galleries, input, user });
    const edit = await loadForEdit(db, kinds.galleries, item.id);
    expect((edit.values.images as GalleryImageValue[])[0]).toMatchObject({
      caption: 'Les enquêteurs',
      captionEn: 'The interviewers',
      altEn: 'Three interviewers',
    });
    const [gallery] = await withImages(db, [{ id: item.id }]);
    expect(gallery!.images[0]!.translations).toEqual({ en: { caption: 'The interviewers', alt: 'Three interviewers' } });
  });
});
