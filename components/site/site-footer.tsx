'use client';

import Link from 'next/link';

/** What the footer shows, as plain data in the page's language (computed by the server `Footer`). */
export type SiteFooterProps = {
  /** The institute's name and tagline, each with `lang` when not in the page's language. */
  name?: { text: string; lang?: string };
  tagline?: { text: string; lang?: string };
  contact: {
    title: string;
    address?: string;
    phone?: { label: string; href: string; text: string };
    email?: { label: string; address: string };
  };
  links: { title: string; pages: { href: string; label: string }[]; social: { url: string; label: string }[] };
  rights: string;
};

/**
 * The footer of every public page: a client component for the same reason as the header
 * (`site-header.tsx`), so that the page's RSC payload carries these props, not the footer's tree.
 */
export function SiteFooter({ name, tagline, contact, links, rights }: SiteFooterProps) {
  return (
    <footer className="mt-16 border-t border-border bg-surface">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="font-bold" lang={name?.lang}>
            {name?.text}
          </p>
          {tagline ? (
            <p className="mt-1 text-sm text-muted" lang={tagline.lang}>
              {tagline.text}
            </p>
          ) : null}
        </div>
        <address className="text-sm not-italic">
          <p className="font-semibold">{contact.title}</p>
          {contact.address ? <p className="mt-1 whitespace-pre-line text-muted">{contact.address}</p> : null}
          {contact.phone ? (
            <p className="mt-1">
              {contact.phone.label} <a href={contact.phone.href}>{contact.phone.text}</a>
            </p>
          ) : null}
          {contact.email ? (
            <p className="mt-1">
              {contact.email.label} <a href={`mailto:${contact.email.address}`}>{contact.email.address}</a>
            </p>
          ) : null}
        </address>
        <div className="text-sm">
          <p className="font-semibold">{links.title}</p>
          <ul className="mt-1 space-y-1">
            {links.pages.map((p) => (
              <li key={p.href}>
                <Link href={p.href}>{p.label}</Link>
              </li>
            ))}
            {links.social.map((s) => (
              <li key={s.url}>
                <a href={s.url} rel="noopener">
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="border-t border-border py-4 text-center text-xs text-muted">{rights}</p>
    </footer>
  );
}
