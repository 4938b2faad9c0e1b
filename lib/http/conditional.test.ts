import { describe, expect, it } from 'vitest';
import { conditional } from './conditional';

describe('conditional', () => {
  it('sends an ETag, answers 304 to it, and lets any origin read', async () => {
    const first = conditional(new Request('http://x/a'), 'corps', 'text/plain');
    expect(first.status).toBe(200);
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    const etag = first.headers.get('etag')!;
    const again = conditional(new Request('http://x/a', { headers: { 'If-None-Match': etag } }), 'corps', 'text/plain');
    expect(again.status).toBe(304);
    expect(conditional(new Request('http://x/a', { headers: { 'If-None-Match': etag } }), 'autre', 'text/plain').status).toBe(200);
  });
});
