import { createHmac } from 'node:crypto'
import { decodeBase32IgnorePadding } from '@oslojs/encoding'

// What an authenticator app does (RFC 6238 over RFC 4226, SHA-1, 30 s, 6 digits), for a chosen
// time step, so a test can enter the next step's code instead of waiting 30 seconds for it.
// tests/integration/staff-workspace.test.ts checks it against the library the server uses.

export const currentTotpStep = () => Math.floor(Date.now() / 30_000)

export function totpCode(secret: string, step = currentTotpStep()): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const mac = createHmac('sha1', decodeBase32IgnorePadding(secret.replace(/\s/g, '')))
    .update(counter)
    .digest()
  const offset = mac[mac.length - 1]! & 0x0f
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000
  return String(value).padStart(6, '0')
}
