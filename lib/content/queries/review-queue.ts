/**
 * What waits for review (lib/review), across every kind: drafts submitted for review, oldest
 * submission first, with their area, their last writer and who submitted them. The « À relire »
 * screen and the dashboard read it; what a user may do with each row is the access rules' call.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getArea } from '@/lib/content/areas';
import { editPath } from '@/lib/content/editing/paths';
import { allKinds } from '@/lib/content/kinds';
import { areaOfRow } from '@/lib/content/kinds/kind';
import type { Db } from '@/lib/db/open';
import { users } from '@/lib/db/schema';

export type ReviewQueueRow = {
  kind: string;
  id: number;
  title: string;
  area: string;
  areaLabel: string;
  editPath: string;
  editedById: string | null;
  editedByName: string | null;
  submittedByName: string | null;
  submittedAt: string | null;
};

/** Every submitted, untrashed draft, oldest submission first (at most `limit`). */
export async function reviewQueue(db: Db, limit = 200): Promise<ReviewQueueRow[]> {
  const writer = alias(users, 'writer');
  const submitter = alias(users, 'submitter');
  const lists = await Promise.all(
    allKinds.map(async (kind) => {
      const t = kind.table;
      const rows = await db
        .select({ row: t, writer: writer.name, submitter: submitter.name })
        .from(t)
        .leftJoin(writer, eq(writer.id, t.editedBy))
        .leftJoin(submitter, eq(submitter.id, t.reviewedBy))
        .where(and(eq(t.review, 'submitted'), eq(t.status, 'draft'), isNull(t.deletedAt)))
        .orderBy(asc(t.reviewedAt))
        .limit(limit);
      return rows.flatMap(({ row, writer: writerName, submitter: submitterName }) => {
        const area = getArea(areaOfRow(kind, row));
        if (!area) return [];
        return [
          {
            kind: kind.name,
            id: row.id,
            title: row.title,
            area: area.slug,
            areaLabel: area.menuLabel,
            editPath: editPath(area, row.id),
            editedById: row.editedBy,
            editedByName: writerName,
            submittedByName: submitterName,
            submittedAt: row.reviewedAt?.toISOString() ?? null,
          },
        ];
      });
    }),
  );
  return lists
    .flat()
    .sort((a, b) => (a.submittedAt ?? '').localeCompare(b.submittedAt ?? ''))
    .slice(0, limit);
}
