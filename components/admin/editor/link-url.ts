/**
 * Link targets the rich-text editor accepts: the ones the server's sanitizer keeps
 * (lib/content/html.ts) — `http:`, `https:`, `mailto:` or a path on the site (`/…`). Pure, so the
 * browser bundle does not pull the sanitizer in.
 */

/** Base for resolving site paths; only its origin matters (a path must stay on it). */
const site = new URL('https://site.invalid/');

/** Tabs and newlines removed anywhere, control characters and spaces trimmed, as a browser reads a URL. */
const clean = (raw: string) => raw.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');

/**
 * Whether an href is one the sanitizer keeps, judged exactly as it does; Tiptap's Link uses it for
 * pasted links and autolinks, so the editor never shows a link that saving would remove.
 */
export function isAllowedLinkHref(href: string): boolean {
  const value = clean(href);
  if (value.startsWith('/')) {
    // `//host` and `/\host` are other sites written like paths.
    try {
      return new URL(value, site).origin === site.origin;
    } catch {
      return false;
    }
  }
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  return (scheme === 'http' || scheme === 'https' || scheme === 'mailto') && URL.canParse(value);
}

export type LinkInput = { ok: true; href: string } | { ok: false; error: string };

const emailLike = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/;
const domainLike = /^(?:[a-z\d](?:[a-z\d-]*[a-z\d])?\.)+[a-z]{2,}(?::\d+)?(?:[/?#]\S*)?$/i;

/**
 * What a person typed in the link dialog, as an href, or a French message saying what to fix.
 * Forgiving where the intent is clear: `www.exemple.org` becomes `https://www.exemple.org`,
 * `nom@exemple.org` becomes `mailto:nom@exemple.org`.
 */
export function parseLinkInput(input: string): LinkInput {
  const value = clean(input);
  if (value === '') return { ok: false, error: 'Saisissez l’adresse du lien.' };
  if (/\s/.test(value)) return { ok: false, error: 'L’adresse ne doit pas contenir d’espace.' };
  if (value.startsWith('/')) {
    return isAllowedLinkHref(value)
      ? { ok: true, href: value }
      : { ok: false, error: 'Une page du site s’écrit avec une seule barre oblique au début, par exemple /publications.' };
  }
  if (emailLike.test(value)) return { ok: true, href: `mailto:${value}` };
  if (domainLike.test(value)) return { ok: true, href: `https://${value}` };

  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (scheme === 'http' || scheme === 'https') {
    const host = URL.canParse(value) && value.slice(scheme.length + 1).startsWith('//') ? new URL(value).hostname : '';
    return host.includes('.') || host === 'localhost'
      ? { ok: true, href: value }
      : { ok: false, error: 'Adresse incomplète : vérifiez le nom du site, par exemple https://www.exemple.org.' };
  }
  if (scheme === 'mailto') {
    return emailLike.test(value.slice('mailto:'.length).split('?')[0] ?? '') && isAllowedLinkHref(value)
      ? { ok: true, href: value }
      : { ok: false, error: 'Adresse électronique incomplète, par exemple mailto:contact@exemple.org.' };
  }
  return {
    ok: false,
    error:
      'Adresse non acceptée : saisissez une adresse commençant par https://, http:// ou mailto:, ou une page du site commençant par /.',
  };
}
