/**
 * The client's address, decided by our own server (scripts/production-server.ts) from the socket, or from
 * `X-Forwarded-For` when TRUST_PROXY_HOPS reverse proxies sit in front. Written into a request
 * header that a client cannot forge (any incoming copy is replaced), read by the sign-in rate limit.
 */
import type { IncomingMessage } from 'node:http';

export const CLIENT_IP_HEADER = 'x-insstat-client-ip';

/** The address `trustedHops` proxies vouch for: the socket's, or the n-th address from the right of X-Forwarded-For. */
function clientIpOf(req: Pick<IncomingMessage, 'headers' | 'socket'>, trustedHops: number): string | null {
  const socketIp = req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? null;
  if (trustedHops <= 0) return socketIp;
  const raw = req.headers['x-forwarded-for'];
  const chain = (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return chain[chain.length - trustedHops] ?? chain[0] ?? socketIp;
}

/** Replaces any client-sent copy of the header with the address we decided. */
export function stampClientIp(req: IncomingMessage, trustedHops: number) {
  const ip = clientIpOf(req, trustedHops);
  if (ip) req.headers[CLIENT_IP_HEADER] = ip.slice(0, 64);
  else delete req.headers[CLIENT_IP_HEADER];
}
