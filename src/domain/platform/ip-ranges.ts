/** A CIDR range as typed: "10.0.0.0/8", "2001:db8::/32", or a single address (a /32 or /128). */
export interface IpRange {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-f:]+(:\d+\.\d+\.\d+\.\d+)?$/i;

export function parseIpRange(text: string): IpRange | null {
  const [address, prefixText, ...rest] = text.trim().split('/');
  if (rest.length > 0 || !address) return null;
  const family = IPV4.test(address) ? 'ipv4' : address.includes(':') && IPV6.test(address) ? 'ipv6' : null;
  if (!family) return null;
  const max = family === 'ipv4' ? 32 : 128;
  const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) return null;
  return { address: address.toLowerCase(), prefix, family };
}

export function formatIpRange(range: IpRange): string {
  return `${range.address}/${range.prefix}`;
}

/** "::ffff:127.0.0.1" (an IPv4 address seen on a dual-stack socket) -> "127.0.0.1". */
export function plainAddress(ip: string): string {
  return ip.toLowerCase().startsWith('::ffff:') && IPV4.test(ip.slice(7)) ? ip.slice(7) : ip;
}
