/** Runs once when a Next server process starts, before it serves a request. */
export async function register(): Promise<void> {
  // Next's documented guard: this file is also loaded for the edge runtime, which has no database.
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startProcessTagStore } = await import('./lib/ops/start-tag-store');
  await startProcessTagStore();
}
