import { connection } from 'next/server';

/**
 * Marks a route handler as per-request (never prerendered at build time). Outside Next — handler
 * functions called directly by tests — there is no request scope to mark and nothing to do.
 */
export async function perRequest(): Promise<void> {
  let pending: Promise<void>;
  try {
    pending = connection();
  } catch {
    return;
  }
  await pending;
}
