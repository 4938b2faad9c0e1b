/**
 * The tables' public addresses. A table's page is `/donnees/tableaux/{CODE}` (English:
 * `/en/donnees/tableaux/{CODE}`), under the data page rather than its area's path: it is a query
 * page (the GET form's selection is its address, rendered per request), while an area's pages are
 * prerendered; its area page, `/donnees` and its release page link to it.
 */
import { dataPath } from '@/lib/content/addresses';
import type { TableFormat } from './formats';

/** The segment under `/donnees` of the tables' pages. */
export const tablesSegment = 'tableaux';
/** The tables' pages' prefix: `/donnees/tableaux/`. */
export const tablesPrefix = `${dataPath}/${tablesSegment}/`;
/** A table's page: `/donnees/tableaux/POP_REGION` (its default selection: the canonical address). */
export const tablePath = (code: string) => `${tablesPrefix}${code}`;
/** A table's code as addresses carry it. */
export const tableCodePattern = /^[A-Z][A-Z0-9_]{1,59}$/;

/** A table or a selection in the API: `/api/v1/tables/POP_REGION[/{key}]`. */
export const tableApiPath = (code: string, key?: string) => `/api/v1/tables/${code}${key && key !== 'all' ? `/${key}` : ''}`;
/** A table's file (whole, or a selection by its SDMX key), labels in `lang`. */
export const tableDownloadPath = (code: string, format: TableFormat, key = 'all', lang: 'fr' | 'en' = 'fr') =>
  `${tableApiPath(code, key)}?format=${format}${lang === 'fr' ? '' : `&lang=${lang}`}`;
