import Link from 'next/link';
import { formatNumber } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/locales';
import { localePath } from '@/lib/i18n/paths';
import { tablePath } from '@/lib/content/addresses';
import type { TableListEntry } from '@/lib/tables/read/public';
import { messages } from '@/lib/i18n/messages';

/** A list of tables with links to their pages: `/donnees`, an area's page, a release's page. */
export function TableLinks({ tables, title, id, locale }: { tables: TableListEntry[]; title: string; id: string; locale: Locale }) {
  if (tables.length === 0) return null;
  const t = messages(locale).tables;
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      <ul className="mt-3 space-y-2">
        {tables.map((table) => (
          <li key={table.code}>
            <Link href={localePath(locale, tablePath(table.code))} className="underline">
              {table.title}
            </Link>{' '}
            <span className="text-muted">
              ({table.code} — {table.dimensions.join(' × ')} — {t.cells(formatNumber(table.cellCount, 0, locale))})
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
