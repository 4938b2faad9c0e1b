import postgres from 'postgres';

/**
 * Whether the Postgres server at `url` answers, on a connection of its own: a pool busy with
 * slow pages is not an outage. `select 1` rejects when it cannot be reached (the caller bounds the
 * wait). For the front cache's outage copies (scripts/production-server.ts); PGlite, inside the
 * process, has no outage and needs none.
 */
export function createDatabaseProbe(url: string): { probe: () => Promise<unknown>; close: () => Promise<void> } {
  const client = postgres(url, { max: 1, connect_timeout: 2, idle_timeout: 60, onnotice: () => {} });
  return { probe: () => client`select 1`, close: () => client.end({ timeout: 1 }) };
}
