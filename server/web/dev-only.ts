import type { FastifyRequest } from 'fastify';

const isLoopback = (ip: string) => ip === '::1' || /^(::ffff:)?127\./.test(ip);

/**
 * Any header a proxy, a CDN or a load balancer uses to pass on a client's address (`Forwarded`, `Via`, `X-Forwarded-*`,
 * `X-Real-IP`, `True-Client-IP`, `CF-Connecting-IP`, `X-Client-IP`, `X-Cluster-Client-IP`, `Fastly-Client-IP`,
 * `X-Originating-IP`, `X-Remote-Addr`, `X-Envoy-External-Address`, ...). Matched by pattern, not by a list of names,
 * so a vendor's new spelling of "client IP" is refused too.
 */
const CLIENT_ADDRESS_HEADER =
  /^(forwarded|via)$|forwarded|real-?ip|client-?ip|connecting-?ip|originating-?ip|remote-?(addr|ip)|external-?address|user-?ip/;

export function carriesClientAddress(headers: Record<string, unknown>): boolean {
  return Object.keys(headers).some((name) => CLIENT_ADDRESS_HEADER.test(name.toLowerCase()));
}

/**
 * Whether a development page may answer: asked from this machine, directly (never through a proxy on this machine,
 * which connects from loopback, so the address alone proves nothing), and on one of our own hosts: `main` for the
 * main site, `workspace` for a workspace's host. A page opened at an attacker's name that resolves to 127.0.0.1
 * (DNS rebinding) carries that name as its Host, which is neither.
 */
export function devRequestAllowed(request: FastifyRequest, host: 'main' | 'workspace'): boolean {
  return (
    isLoopback(request.socket.remoteAddress ?? '') &&
    isLoopback(request.ip) &&
    !carriesClientAddress(request.headers) &&
    request.ctx?.site?.kind === host
  );
}

/** A query or body text a development page accepts: printable, short (a NUL would reach PostgreSQL and fail there). */
export function plainText(value: unknown, max = 320): value is string {
  return typeof value === 'string' && value.length <= max && !/[\u0000-\u001f\u007f]/.test(value);
}
