import { randomInt } from 'node:crypto'

/**
 * A client address of its own for one test (the e2e server trusts one proxy, so it reads the
 * visitor IP from X-Forwarded-For). Rate limits count per address, so tests never exhaust each
 * other's limit, in this file or in another engineer's.
 */
export function uniqueClientAddress() {
  return `10.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`
}

export function clientAddressHeaders(address = uniqueClientAddress()) {
  return { 'X-Forwarded-For': address }
}
