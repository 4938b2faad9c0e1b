/**
 * The SDMX 2.1 REST service's addresses as the catalogue names them: its endpoint
 * (`{SITE_URL}/sdmx/rest`) and a table's data (`{SITE_URL}/sdmx/rest/data/DF_{CODE}`). The ids and
 * the path are the service's own (lib/sdmx/model.ts, lib/sdmx/address.ts), so the two cannot drift.
 */
import { sdmxRestPath } from '@/lib/sdmx/address';
import { flowId } from '@/lib/sdmx/model';

/** A table's SDMX dataflow id, as the service names it (`POP_REGION` → `DF_POP_REGION`). */
export const sdmxFlowId = (table: { code: string }): string => flowId(table.code);

/** The service's endpoint (`dcat:endpointURL`). */
export const sdmxEndpoint = (site: string) => `${site.replace(/\/$/, '')}${sdmxRestPath}`;

/** A table's data in the service, all of it (`data/{flow}`: every key, SDMX-ML GenericData by default). */
export const sdmxDataUrl = (site: string, table: { code: string }) => `${sdmxEndpoint(site)}/data/${sdmxFlowId(table)}`;
