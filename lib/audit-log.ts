/**
 * Reading the audit log: the dashboard's recent activity and the filterable journal
 * (`/admin/journal`). Plain `(db, params)` queries.
 */
import { and, count, desc, eq, gte, ilike, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { getArea } from '@/lib/content/areas';
import { containsPattern } from '@/lib/db/like';
import type { Db } from '@/lib/db/open';
import { auditEntries, publications } from '@/lib/db/schema';

/** French labels of the actions, by their code. */
export const actionLabels: Record<string, string> = {
  'user.sign_in': 'Connexion',
  'user.sign_in_failed': 'Échec de connexion',
  'user.sign_out': 'Déconnexion',
  'user.create': 'Compte créé',
  'user.update': 'Profil modifié',
  'user.password_change': 'Mot de passe changé',
  'user.deactivate': 'Compte désactivé',
  'user.reactivate': 'Compte réactivé',
  'file.upload': 'Fichier envoyé',
  'file.rename': 'Fichier renommé',
  'file.delete': 'Fichier supprimé',
  'identity.update': 'Identité modifiée',
  'page.update': 'Page modifiée',
  // The same life cycle for every publishable kind (lib/content/mutations/lifecycle.ts).
  ...Object.fromEntries(
    ['publication', 'news', 'event', 'gallery', 'tender'].flatMap((entity) =>
      Object.entries({
        create: 'Création',
        update: 'Modification',
        publish: 'Publication',
        schedule: 'Programmation',
        unpublish: 'Dépublication',
        trash: 'Mise à la corbeille',
        restore: 'Restauration',
        delete: 'Suppression définitive',
      }).map(([verb, label]) => [`${entity}.${verb}`, label]),
    ),
  ),
};

/** Filter groups offered in the journal. */
export const actionGroups = [
  { key: 'user', label: 'Comptes et connexions' },
  { key: 'file', label: 'Fichiers' },
  { key: 'publication', label: 'Publications' },
  { key: 'news', label: 'Actualités' },
  { key: 'event', label: 'Événements' },
  { key: 'gallery', label: 'Galeries' },
  { key: 'tender', label: 'Appels d’offres' },
  { key: 'page', label: 'Pages institutionnelles' },
  { key: 'identity', label: 'Identité de l’institut' },
] as const;

export type AuditRow = {
  id: number;
  at: string;
  actor: string | null;
  action: string;
  actionLabel: string;
  summary: string | null;
  /** Where to see what the entry is about, in the back-office. */
  href: string | null;
  ip: string | null;
};

export type AuditFilter = { q?: string; group?: string; from?: string; to?: string; page?: number; perPage?: number };

const kindAreas: Record<string, string> = { news: 'news', event: 'events', gallery: 'galleries', tender: 'offres' };

/** The back-office page of what an entry is about: the item's edit screen while it exists. */
const linkOf = (entry: { entityType: string | null; entityId: string | null; action: string }, area: string | null): string | null => {
  const { entityType, entityId } = entry;
  switch (entityType) {
    case 'user':
      return '/admin/users';
    case 'file':
      return '/admin/fichiers';
    case 'page':
    case 'identity':
      return '/admin/about';
  }
  const owner = entityType === 'publication' ? (area ? getArea(area) : undefined) : entityType ? getArea(kindAreas[entityType] ?? '') : undefined;
  if (!owner) return null;
  return entry.action.endsWith('.delete') || !entityId || !/^\d+$/.test(entityId) ? owner.adminPath : `${owner.adminPath}/${entityId}`;
};

function toRow({ entry, area }: { entry: typeof auditEntries.$inferSelect; area: string | null }): AuditRow {
  return {
    id: entry.id,
    at: entry.at.toISOString(),
    actor: entry.actor,
    action: entry.action,
    actionLabel: actionLabels[entry.action] ?? entry.action,
    summary: entry.summary,
    href: linkOf(entry, area),
    ip: entry.ip,
  };
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** The journal, newest first, filtered by text (summary or actor), action group and day range. */
export async function listAudit(db: Db, { q, group, from, to, page = 1, perPage = 50 }: AuditFilter = {}) {
  const conditions: SQL[] = [];
  const term = q?.trim().slice(0, 100);
  if (term) {
    const pattern = containsPattern(term);
    conditions.push(or(ilike(auditEntries.summary, pattern), ilike(auditEntries.actor, pattern))!);
  }
  if (group && actionGroups.some((g) => g.key === group)) conditions.push(like(auditEntries.action, `${group}.%`));
  if (from && isoDay.test(from)) conditions.push(gte(auditEntries.at, new Date(`${from}T00:00:00Z`)));
  if (to && isoDay.test(to)) conditions.push(lt(auditEntries.at, new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000)));
  const where = conditions.length ? and(...conditions) : undefined;
  const current = Math.max(1, page);
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditEntries, area: publications.area })
      .from(auditEntries)
      .leftJoin(publications, and(eq(auditEntries.entityType, 'publication'), eq(auditEntries.entityId, sql`${publications.id}::text`)))
      .where(where)
      .orderBy(desc(auditEntries.at), desc(auditEntries.id))
      .limit(perPage)
      .offset((current - 1) * perPage),
    db.select({ n: count() }).from(auditEntries).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    page: current,
    perPage,
    entries: rows.map(toRow),
  };
}

/** The last content and account changes, for the dashboard (sign-ins left out). */
export async function recentActivity(db: Db, limit = 10): Promise<AuditRow[]> {
  const rows = await db
    .select({ entry: auditEntries, area: publications.area })
    .from(auditEntries)
    .leftJoin(publications, and(eq(auditEntries.entityType, 'publication'), eq(auditEntries.entityId, sql`${publications.id}::text`)))
    .where(sql`${auditEntries.action} not in ('user.sign_in', 'user.sign_out', 'user.sign_in_failed')`)
    .orderBy(desc(auditEntries.at), desc(auditEntries.id))
    .limit(limit);
  return rows.map(toRow);
}
