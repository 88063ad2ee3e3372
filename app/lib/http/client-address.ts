import { isIPv4, isIPv6 } from 'node:net'

/**
 * The address a rate limit counts: an IPv4 address as it is, an IPv6 address by its /64 prefix
 * (one subscriber usually holds a whole /64, so counting single addresses would give them 2^64
 * allowances), an IPv4-mapped IPv6 address as its IPv4 address.
 */
export function rateLimitAddress(ip: string): string {
  const address = ip.split('%', 1)[0]!
  if (!isIPv6(address)) return ip
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1]
  if (mapped && isIPv4(mapped)) return mapped
  const [head = '', tail] = address.split('::')
  const groups = (part: string) => (part === '' ? [] : part.split(':'))
  const before = groups(head)
  const after = tail === undefined ? [] : groups(tail)
  // A dotted IPv4 tail (::1.2.3.4) counts as two groups.
  const width = (list: string[]) => list.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0)
  const missing = 8 - width(before) - width(after)
  const full = tail === undefined ? before : [...before, ...Array<string>(Math.max(0, missing)).fill('0'), ...after]
  return `${full
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`
}
