/**
 * The SDMX 2.1 REST service's addresses as the catalogue names them: its endpoint
 * (`{SITE_URL}/sdmx/rest`) and a table's data (`{SITE_URL}/sdmx/rest/data/{flow}`), the flow's id
 * being `sdmxFlowId(table)`. The service itself is lib/sdmx's; the two must agree on this id.
 */

/**
 * A table's SDMX dataflow id: its code in upper case, every character outside `A–Z`, `0–9` and `_`
 * replaced by `_` (SDMX ids allow more, `@`, `$` and `-`; this keeps the common subset). Table codes
 * already match `^[A-Z][A-Z0-9_]{1,59}$` (lib/content/addresses.ts), so for every table it is the
 * code itself: `POP_REGION` → `POP_REGION`.
 */
export function sdmxFlowId(table: { code: string }): string {
  return table.code.toUpperCase().replace(/[^A-Z0-9_]/g, '_');
}

/** The service's endpoint (`dcat:endpointURL`). */
export const sdmxEndpoint = (site: string) => `${site.replace(/\/$/, '')}/sdmx/rest`;

/** A table's data in the service, all of it (`data/{flow}`: every key, the default format). */
export const sdmxDataUrl = (site: string, table: { code: string }) => `${sdmxEndpoint(site)}/data/${sdmxFlowId(table)}`;
