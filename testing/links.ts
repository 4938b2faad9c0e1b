/**
 * Finding the pages whose address depends on the content (a news item, a publication) in a list
 * page's HTML. Pure functions: used by the Playwright specs and by the Lighthouse and bench scripts.
 */
import { reservedSlugs } from '../lib/content/areas';

/** The paths of the `<a href>` links of a page, in document order (same-site links only). */
function linkPaths(html: string): string[] {
  const paths: string[] = [];
  for (const match of html.matchAll(/<a\b[^>]*?\shref\s*=\s*["']([^"']+)["']/gi)) {
    const href = (match[1] ?? '').replace(/&amp;/g, '&');
    if (href.startsWith('/') && !href.startsWith('//')) {
      paths.push(href.replace(/[?#].*$/, ''));
    } else if (/^https?:\/\//i.test(href)) {
      // Absolute links built from SITE_URL point to this site too.
      try {
        paths.push(new URL(href).pathname);
      } catch {
        // Not a URL: ignore.
      }
    }
  }
  return paths;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** First link to a news item, `/actualites/<numeric id>`. */
export function firstNewsPath(html: string): string | undefined {
  return linkPaths(html).find((p) => /^\/actualites\/\d+$/.test(p));
}

/**
 * First news item of the English list that has an English title: untranslated items (another
 * test's, created meanwhile) carry their French title in a heading marked `lang="fr"`.
 */
export function firstTranslatedNewsPath(html: string): string | undefined {
  for (const match of html.matchAll(/<h2\b([^>]*)>\s*<a\b[^>]*?\shref="(\/en\/actualites\/\d+)"/gi)) {
    if (!/\slang="fr"/.test(match[1] ?? '')) return match[2];
  }
  return undefined;
}

/** First link to a publication of the area at `areaPath`: `{areaPath}/{slug}`. */
export function firstPublicationPath(html: string, areaPath: string): string | undefined {
  const pattern = new RegExp(`^${escapeRegExp(areaPath)}/([^/]+)$`);
  return linkPaths(html).find((p) => {
    const slug = pattern.exec(p)?.[1];
    // List filters (`/annee/…`, `/page/…`) and feeds or files (a dot) are not publications.
    return slug !== undefined && !reservedSlugs.has(slug) && !slug.includes('.');
  });
}
