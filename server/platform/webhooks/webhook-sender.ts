import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

export interface WebhookSenderSettings {
  /**
   * Development only (`WEBHOOKS_ALLOW_PRIVATE=1`): endpoints may be `http://localhost` or `http://127.0.0.1`, and
   * requests may go to loopback, link-local and private addresses. Off: HTTPS to public addresses only.
   */
  allowPrivate?: boolean;
  /** The whole request, connection to last byte (default 10 s). */
  timeoutMs?: number;
  /** Resolves a host name to its addresses (tests hand in one that maps names to chosen addresses). */
  resolve?: (host: string) => Promise<string[]>;
}

/** Addresses no webhook may reach (unless development allows): loopback, link-local, private, shared and special ranges. */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6');

/** True when `address` is loopback, link-local, private or otherwise not a public internet address. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return BLOCKED.check(mapped[1]!, 'ipv4');
    return BLOCKED.check(address, 'ipv6');
  }
  return BLOCKED.check(address, 'ipv4');
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; message: string };

/** The address rule of an endpoint, before any name is resolved: HTTPS (http only to localhost in development), no credentials. */
export function checkEndpointUrl(raw: string, allowPrivate: boolean): UrlCheck {
  if (!URL.canParse(raw)) return { ok: false, message: 'Enter a full address, such as https://example.com/hooks' };
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const local = host === 'localhost' || host === '127.0.0.1' || host === '::1';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowPrivate && local))
    return { ok: false, message: 'The address must start with https://' };
  if (url.username || url.password) return { ok: false, message: 'The address must not hold a user name or password' };
  if (url.hash) return { ok: false, message: 'The address must not hold a #fragment' };
  if (!allowPrivate && (local || host.endsWith('.localhost') || (isIP(host) !== 0 && isPrivateAddress(host))))
    return { ok: false, message: 'The address must be a public internet address' };
  return { ok: true, url };
}

export class WebhookTargetRefused extends Error {}

/** What one attempt came to: the receiver's status code, or the error that stopped it (refused, timed out, unreachable). */
export interface SendResult {
  delivered: boolean;
  status: number | null;
  error: string | null;
}

/**
 * Sends one signed request. The host is resolved here and every address it gives is checked before connecting, and
 * the connection goes to the checked address (a name that answers a public address first and a private one later
 * cannot slip through). No redirect is followed; the whole request has a time limit; the answer's body is not kept.
 */
export class WebhookSender {
  private readonly allowPrivate: boolean;
  private readonly timeoutMs: number;
  private readonly resolve: (host: string) => Promise<string[]>;

  constructor(settings: WebhookSenderSettings = {}) {
    this.allowPrivate = settings.allowPrivate ?? false;
    this.timeoutMs = settings.timeoutMs ?? 10_000;
    this.resolve =
      settings.resolve ??
      (async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address));
  }

  get allowsPrivate(): boolean {
    return this.allowPrivate;
  }

  /** The addresses of `host` a webhook may reach; throws WebhookTargetRefused when it names none or any private one. */
  async publicAddresses(host: string): Promise<string[]> {
    const bare = host.replace(/^\[|\]$/g, '');
    const addresses = isIP(bare) ? [bare] : await this.resolve(bare).catch(() => [] as string[]);
    if (addresses.length === 0) throw new WebhookTargetRefused(`${host} does not resolve`);
    if (!this.allowPrivate && addresses.some(isPrivateAddress))
      throw new WebhookTargetRefused(`${host} resolves to a private address`);
    return addresses;
  }

  async send(rawUrl: string, headers: Record<string, string>, body: string): Promise<SendResult> {
    const check = checkEndpointUrl(rawUrl, this.allowPrivate);
    if (!check.ok) return { delivered: false, status: null, error: check.message };
    const url = check.url;
    let addresses: string[];
    try {
      addresses = await this.publicAddresses(url.hostname);
    } catch (error) {
      return { delivered: false, status: null, error: (error as Error).message };
    }
    const address = addresses[0]!;
    // The socket connects to the address checked above, whatever the name resolves to by then.
    const lookup: LookupFunction = (_hostname, options, callback) => {
      const family = isIP(address);
      if ((options as { all?: boolean }).all) (callback as any)(null, [{ address, family }]);
      else callback(null, address, family);
    };
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<SendResult>((resolve) => {
      const request = client.request(
        url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            'user-agent': 'SafePlace-Webhooks/1',
            ...headers,
          },
          lookup,
          timeout: this.timeoutMs,
        },
        (response) => {
          const status = response.statusCode ?? 0;
          response.resume();
          response.on('end', () => {
            clearTimeout(overall);
            const delivered = status >= 200 && status < 300;
            resolve({
              delivered,
              status,
              error: delivered
                ? null
                : status >= 300 && status < 400
                  ? 'Redirects are not followed'
                  : `The endpoint answered ${status}`,
            });
          });
          response.on('error', () => undefined);
        },
      );
      const overall = setTimeout(() => request.destroy(new Error('Timed out')), this.timeoutMs);
      request.on('timeout', () => request.destroy(new Error('Timed out')));
      request.on('error', (error) => {
        clearTimeout(overall);
        resolve({ delivered: false, status: null, error: error.message.slice(0, 200) });
      });
      request.end(body);
    });
  }
}
