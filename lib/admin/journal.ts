/**
 * Reading the audit log: the dashboard's recent activity and the filterable journal
 * (`/admin/journal`). Plain `(db, params)` queries.
 */
import { and, count, desc, gte, ilike, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { getArea } from '@/lib/content/areas';
import { allKinds, kindOfEntity } from '@/lib/content/kinds';
import { containsPattern } from '@/lib/db/like';
import type { Db } from '@/lib/db/open';
import { auditEntries } from '@/lib/db/schema';

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
  'user.access': 'Rôle modifié',
  'file.upload': 'Fichier envoyé',
  'file.rename': 'Fichier renommé',
  'file.delete': 'Fichier supprimé',
  'identity.update': 'Identité modifiée',
  'page.update': 'Page modifiée',
  'settings.self_approval': 'Auto-approbation modifiée',
  'settings.mfa_policy': 'Règle du second facteur modifiée',
  // The maps' boundaries (lib/geo/levels.ts).
  'geo.upload': 'Limites géographiques envoyées',
  // Series (lib/series/versions.ts): the description, and each version of values.
  'series.create': 'Série créée',
  'series.update': 'Description de série modifiée',
  'series.publish': 'Valeurs publiées',
  'series.schedule': 'Valeurs programmées',
  'series.unschedule': 'Version programmée annulée',
  'series.submit': 'Valeurs soumises pour relecture',
  'series.approve': 'Version de série approuvée',
  'series.return': 'Version de série renvoyée au rédacteur',
  'series.delete': 'Série supprimée',
  'series.slice': 'Série définie comme tranche d’un tableau',
  'series.unslice': 'Série détachée de son tableau',
  // Surveys (lib/microdata/write.ts): a DDI import, putting online, a data file's access.
  'survey.version': 'Description d’enquête importée (nouvelle version DDI)',
  'survey.publish': 'Enquête mise en ligne',
  'survey.unpublish': 'Enquête retirée du site',
  'survey.file_access': 'Accès à un fichier de données d’enquête modifié',
  // Tables (lib/tables/versions.ts): the description, and each version of cells.
  'table.create': 'Tableau créé',
  'table.update': 'Description de tableau modifiée',
  'table.publish': 'Version de tableau publiée',
  'table.schedule': 'Version de tableau programmée',
  'table.unschedule': 'Version de tableau programmée annulée',
  'table.submit': 'Version de tableau soumise pour relecture',
  'table.approve': 'Version de tableau approuvée',
  'table.return': 'Version de tableau renvoyée au rédacteur',
  'table.delete': 'Tableau supprimé',
  // The release calendar (lib/releases/mutations.ts, lib/releases/links.ts).
  'release.create': 'Parution annoncée',
  'release.confirm': 'Parution confirmée',
  'release.move': 'Parution reportée',
  'release.cancel': 'Parution annulée',
  'release.translate': 'Version anglaise de parution modifiée',
  'release.link': 'Publication liée à une parution',
  'release.unlink': 'Publication retirée d’une parution',
  'release.publish': 'Parution publiée',
  'release.submit': 'Parution soumise pour relecture',
  'release.approve': 'Parution approuvée',
  'release.return': 'Parution renvoyée au rédacteur',
  // The same life cycle for every kind (lib/content/mutations/lifecycle.ts).
  ...Object.fromEntries(
    allKinds
      .map((kind) => kind.entity)
      .flatMap((entity) =>
        Object.entries({
          create: 'Création',
          update: 'Modification',
          publish: 'Publication',
          schedule: 'Programmation',
          unpublish: 'Dépublication',
          trash: 'Mise à la corbeille',
          restore: 'Restauration',
          delete: 'Suppression définitive',
          submit: 'Soumission pour relecture',
          approve: 'Approbation',
          return: 'Renvoi au rédacteur',
        }).map(([verb, label]) => [`${entity}.${verb}`, label]),
      ),
  ),
};

/** Filter groups offered in the journal. */
export const actionGroups: readonly { key: string; label: string }[] = [
  { key: 'user', label: 'Comptes et connexions' },
  { key: 'file', label: 'Fichiers' },
  ...allKinds.map((kind) => ({ key: kind.entity, label: kind.words.plural })),
  { key: 'series', label: 'Séries statistiques' },
  { key: 'release', label: 'Calendrier des parutions' },
  { key: 'page', label: 'Pages institutionnelles' },
  { key: 'identity', label: 'Identité de l’institut' },
  { key: 'settings', label: 'Réglages' },
];

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
    case 'series':
      return entry.action === 'series.delete' || !entityId || !/^[A-Z][A-Z0-9_]{1,39}$/.test(entityId)
        ? '/admin/series'
        : `/admin/series/${entityId}`;
    case 'release':
      return entityId && /^\d+$/.test(entityId) ? `/admin/calendrier/${entityId}` : '/admin/calendrier';
  }
  const kind = kindOfEntity(entityType);
  const owner = kind ? getArea('slug' in kind.area ? kind.area.slug : (area ?? '')) : undefined;
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

/**
 * The area of the item an entry is about, for kinds whose rows span several areas (a publication's
 * edit screen depends on its area); null for the others and for items deleted since.
 */
const entryArea = (() => {
  const cases = allKinds.flatMap((kind) => {
    if ('slug' in kind.area) return [];
    const t = kind.table;
    const area = sql`(select ${kind.area.column} from ${t} where ${t.id}::text = ${auditEntries.entityId})`;
    return [sql`when ${auditEntries.entityType} = ${kind.entity} then ${area}`];
  });
  return cases.length === 0 ? sql<string | null>`null` : sql<string | null>`(case ${sql.join(cases, sql` `)} end)`;
})();

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
      .select({ entry: auditEntries, area: entryArea })
      .from(auditEntries)
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
    .select({ entry: auditEntries, area: entryArea })
    .from(auditEntries)
    .where(sql`${auditEntries.action} not in ('user.sign_in', 'user.sign_out', 'user.sign_in_failed')`)
    .orderBy(desc(auditEntries.at), desc(auditEntries.id))
    .limit(limit);
  return rows.map(toRow);
}
