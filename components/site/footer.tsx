import Link from 'next/link';
import type { SiteIdentity } from '@/lib/content/queries/site';

export function Footer({ identity }: { identity: SiteIdentity | null }) {
  return (
    <footer className="mt-16 border-t border-border bg-surface">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="font-bold">{identity?.name}</p>
          {identity?.tagline ? <p className="mt-1 text-sm text-muted">{identity.tagline}</p> : null}
        </div>
        <address className="text-sm not-italic">
          <p className="font-semibold">Nous contacter</p>
          {identity?.address ? <p className="mt-1 whitespace-pre-line text-muted">{identity.address}</p> : null}
          {identity?.phone ? (
            <p className="mt-1">
              Tél. : <a href={`tel:${identity.phone.replace(/[^+\d]/g, '')}`}>{identity.phone.replace(/ /g, '\u00a0')}</a>
            </p>
          ) : null}
          {identity?.email ? (
            <p className="mt-1">
              Courriel : <a href={`mailto:${identity.email}`}>{identity.email}</a>
            </p>
          ) : null}
        </address>
        <div className="text-sm">
          <p className="font-semibold">Liens utiles</p>
          <ul className="mt-1 space-y-1">
            <li><Link href="/presentation/mission">L&apos;institut</Link></li>
            <li><Link href="/actualites">Actualités</Link></li>
            <li><Link href="/calendrier">Calendrier des parutions</Link></li>
            <li><Link href="/donnees">Données ouvertes et API</Link></li>
            <li><Link href="/accessibilite">Accessibilité</Link></li>
            <li><Link href="/offres">Appels d&apos;offres</Link></li>
            {identity?.socialLinks.map((s) => (
              <li key={s.url}>
                <a href={s.url} rel="noopener">{s.label}</a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="border-t border-border py-4 text-center text-xs text-muted">
        © {identity?.acronym ?? 'INS'} — Données et publications réutilisables en citant la source.
      </p>
    </footer>
  );
}
