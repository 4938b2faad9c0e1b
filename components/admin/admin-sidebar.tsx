import Link from 'next/link';
import { adminMenu, sections } from '@/lib/content/areas';

/** The back-office menu, generated from the area registry. */
export function AdminSidebar() {
  const menu = adminMenu();
  const groups = [{ key: 'admin', label: 'Administration' }, ...sections].map((s) => ({ ...s, entries: menu.filter((m) => m.section === s.key) }));
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
