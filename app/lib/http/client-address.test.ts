import { describe, expect, it } from 'vitest'
import { rateLimitAddress } from './client-address'

describe('M2: the address a rate limit counts', () => {
  it('M2: groups IPv6 addresses by their /64 and keeps IPv4 ones as they are', () => {
    expect(rateLimitAddress('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64')
    expect(rateLimitAddress('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64')
    expect(rateLimitAddress('2001:0db8:0001:0002:ffff::9')).toBe('2001:db8:1:2::/64')
    expect(rateLimitAddress('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64')
    expect(rateLimitAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(rateLimitAddress('::ffff:198.51.100.7')).toBe('198.51.100.7')
    expect(rateLimitAddress('198.51.100.7')).toBe('198.51.100.7')
    expect(rateLimitAddress('2001:db8:1:3::1')).not.toBe(rateLimitAddress('2001:db8:1:2::1'))
  })
})
