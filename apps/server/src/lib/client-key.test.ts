import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.js';

describe('clientKey', () => {
  it('keys an IPv4 address by itself, also written IPv4-mapped', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(clientKey('0:0:0:0:0:ffff:203.0.113.8')).toBe('203.0.113.8');
  });

  it('keys every IPv6 address of one /64 alike, however it is written', () => {
    const key = clientKey('2001:db8:1:2:3:4:5:6');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0DB8:0001:0002::9')).toBe(key);
    expect(clientKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientKey('2001:db8:1:2::')).toBe(key);
    expect(clientKey('2001:db8:1:2::1.2.3.4')).toBe(key);
  });

  it('keys other /64 prefixes apart', () => {
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    // Not IPv4-mapped: an IPv6 address whose /64 holds no one else's.
    expect(clientKey('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/64');
  });

  it('keys what is not an IP address by itself', () => {
    expect(clientKey('unknown')).toBe('unknown');
    expect(clientKey('')).toBe('');
  });
});
