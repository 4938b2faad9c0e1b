import Link from 'next/link';

export type Crumb = { label: string; href?: string };

/** Breadcrumb trail; the last crumb is the current page. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const trail = [{ label: 'Accueil', href: '/' }, ...items];
  return (
    <nav aria-label="Fil d'Ariane" className="mb-6 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-muted">
        {trail.map((c, i) => (
          <li key={`${c.label}-${i}`} className="flex items-center gap-1">
            {i > 0 ? <span aria-hidden="true">›</span> : null}
            {c.href && i < trail.length - 1 ? (
              <Link href={c.href}>{c.label}</Link>
            ) : (
              <span aria-current={i === trail.length - 1 ? 'page' : undefined} className="text-fg">
                {c.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
