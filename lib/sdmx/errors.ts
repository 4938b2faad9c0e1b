/**
 * SDMX's error messages (sdmx-rest v2_1 `ws/rest/docs/4_7_errors.md`, the web services guidelines'
 * mapping): the standard code and its HTTP status — 100 no results → 404, 130 too large for the
 * request → 413, 140 syntax → 400, 150 semantic → 400, 406 a format not offered, 500 server,
 * 501 not implemented, 503 busy, 510 beyond the service's limit → 413, and the custom 1000 for the
 * rate limit (429) — and a French text. The
 * body is an SDMX-ML 2.1 `Error` message.
 */
import { esc, ns } from './xml';

export const errorStatus: Record<number, number> = {
  100: 404,
  110: 401,
  130: 413,
  140: 400,
  150: 400,
  406: 406,
  500: 500,
  501: 501,
  503: 503,
  510: 413,
  1000: 429,
};

/** What went wrong, in French, with its SDMX code. */
export class SdmxError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'SdmxError';
  }
  get status(): number {
    return errorStatus[this.code] ?? 500;
  }
}

/** The SDMX-ML 2.1 error message of an error. */
export function errorMessage(error: SdmxError): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<message:Error xmlns:message="${ns.message}" xmlns:common="${ns.common}" xmlns:xml="${ns.xml}">` +
    `<message:ErrorMessage code="${error.code}"><common:Text xml:lang="fr">${esc(error.message)}</common:Text></message:ErrorMessage>` +
    '</message:Error>\n'
  );
}
