import Link from 'next/link';
import { adminMenu, sections } from '@/lib/content/areas';

/**
 * The back-office menu, generated from the area registry. The layout says which of the screens
 * reserved to some roles the user may open (`users`: accounts and roles; `journal`: the activity
 * log); the others are left out of the menu (the pages refuse them anyway).
 */
export function AdminSidebar({ users, journal }: { users: boolean; journal: boolean }) {
  const hidden = new Set([...(users ? [] : ['/admin/users']), ...(journal ? [] : ['/admin/journal'])]);
  const menu = adminMenu().filter((m) => !hidden.has(m.path));
  const groups = [{ key: 'admin', label: 'Administration' }, ...sections].map((s) => ({
    ...s,
    entries: menu.filter((m) => m.section === s.key),
  }));
  return (
    <nav aria-label="Menu d'administration" className="text-sm">
      {groups
        .filter((g) => g.entries.length > 0)
        .map((g) => (
          <div key={g.key} className="mb-4">
            <p className="mb-1 px-2 text-xs font-semibold uppercase tracking-wide text-muted">{g.label}</p>
            <ul>
              {g.entries.map((e) => (
                <li key={e.path}>
                  <Link href={e.path} className="block rounded px-2 py-1.5 text-fg no-underline hover:bg-surface-2">
                    {e.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
    </nav>
  );
}
