/**
 * The route files of the kinds' public pages, in French and in English, made from one list: each
 * kind with a public half (`Kind.site`) at its area's address — its list, its later pages when
 * paginated, its items' pages when they have them. Each file is the route factory's exports
 * (`components/routes/kind.tsx`) and nothing else. `npm run routes:kinds` writes them;
 * `files.test.ts` beside it fails when one is missing or differs.
 */
import fs from 'node:fs';
import { areas, type Area } from '@/lib/content/areas';
import { allKinds } from '@/lib/content/kinds';
import { locales, type Locale } from '@/lib/i18n/locales';

/** The folder of a language's public pages. */
const roots: Record<Locale, string> = { fr: 'app/(site)', en: 'app/(en)/en' };

type Shape = 'list' | 'listPage' | 'item';
const folders: Record<Shape, string> = { list: '', listPage: '/page/[n]', item: '/[id]' };

/**
 * A kind with a view module of its own (`components/content/kinds/<kind>.tsx`, and `<kind>-item.tsx`
 * for its items' pages) uses it; another, the generic cards.
 */
function text(kind: string, shape: Shape, locale: Locale, ownViews: boolean): string {
  const from = `@/components/content/kinds/${kind}${shape === 'item' ? '-item' : ''}`;
  return [
    ownViews ? `import { views } from '${from}';` : "import { cardViews } from '@/components/content/item-card';",
    "import { kindRoutes } from '@/components/routes/kind';",
    '',
    `const route = kindRoutes('${kind}', '${locale}', ${ownViews ? 'views' : `cardViews('${kind}')`}).${shape};`,
    ...(shape === 'list' ? [] : ['export const generateStaticParams = route.generateStaticParams;']),
    'export const generateMetadata = route.generateMetadata;',
    'export default route.Page;',
    '',
  ].join('\n');
}

/** Every route file of the kinds' public pages, its path from the project's root and its text. */
export function kindPageFiles(): { file: string; text: string }[] {
  const own = new Set(fs.readdirSync('components/content/kinds').map((f) => f.replace(/\.tsx$/, '')));
  return allKinds.flatMap((kind) => {
    const path = (areas as readonly Area[]).find((a) => a.kind === kind.name)?.publicPath;
    if (!kind.site || !path) return [];
    const shapes: Shape[] = [
      'list',
      ...(kind.site.paginated ? (['listPage'] as const) : []),
      ...(kind.site.item ? (['item'] as const) : []),
    ];
    return locales.flatMap((locale) =>
      shapes.map((shape) => ({
        file: `${roots[locale]}${path}${folders[shape]}/page.tsx`,
        text: text(kind.name, shape, locale, own.has(kind.name)),
      })),
    );
  });
}
