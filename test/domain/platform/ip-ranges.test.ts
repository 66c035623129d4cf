import { describe, expect, it } from 'vitest';
import { formatIpRange, parseIpRange, plainAddress } from '../../../src/domain/platform/ip-ranges';

describe('IP ranges', () => {
  it('reads CIDR ranges and single addresses of both families', () => {
    expect(parseIpRange('10.0.0.0/8')).toEqual({ address: '10.0.0.0', prefix: 8, family: 'ipv4' });
    expect(formatIpRange(parseIpRange(' 198.51.100.7 ')!)).toBe('198.51.100.7/32');
    expect(formatIpRange(parseIpRange('2001:DB8::/32')!)).toBe('2001:db8::/32');
  });

  it.each(['10.0.0.0/33', '300.1.1.1', '10.0.0/8', 'office', '10.0.0.0/8/1', '::/129'])('refuses %s', (text) => {
    expect(parseIpRange(text)).toBeNull();
  });

  it('sees an IPv4 address through its dual-stack form', () => {
    expect(plainAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(plainAddress('2001:db8::1')).toBe('2001:db8::1');
  });
});
