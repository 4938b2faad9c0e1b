// GET /api/langue?vers=en — the header's language switch without JavaScript: 303 to the page the
// reader came from (its `Referer`, this site's only) in that language, else to that language's home.
//
// Under app/api/ because the switch is no page: proxy.ts's matcher leaves `api/` alone (it lets
// through only the public pages it knows), and the front page cache never stores `/api/`. With
// JavaScript the link already points at the page itself (components/site/language-switch.tsx);
// the site's `Referrer-Policy: strict-origin-when-cross-origin` sends the full address to this
// same-origin handler.
import { z } from 'zod';
import { env } from '@/lib/env';
import { locales } from '@/lib/i18n/locales';
import { localePath } from '@/lib/i18n/paths';
import { pageInLocale, refererPage } from '@/lib/i18n/switch';

const query = z.object({ vers: z.enum(locales) });

// Reading the request (its address, its Referer) makes the handler per-request: never prerendered.
export function GET(request: Request): Response {
  const url = new URL(request.url);
  const parsed = query.safeParse({ vers: url.searchParams.get('vers') ?? undefined });
  if (!parsed.success) {
    return new Response(`Langue inconnue : ${locales.join(' ou ')} attendu.`, {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  const to = parsed.data.vers;
  const page = refererPage(request.headers.get('referer'), [url.origin, env.SITE_URL]);
  // A path on this origin (never another site's: see pageInLocale), relative as HTTP allows, so a
  // proxy's idea of the host does not matter.
  const location = page ? pageInLocale(page, to) : localePath(to, '/');
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store', Vary: 'Referer' } });
}
