import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'
import { ConcurrencyGate } from '#app/lib/concurrency-gate'
import { PRODUCTION_SCRYPT_COST } from '#app/lib/config/env.server'

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>

// OWASP Password Storage Cheat Sheet: scrypt with N=2^17 (128 MiB), r=8 (1024-byte blocks), p=1.
// The parameters travel with each hash, so older hashes still verify and are upgraded at the next
// successful sign-in (needsRehash).
// PRODUCTION_SCRYPT_COST is 17: the only cost a public site may configure (PASSWORD_SCRYPT_COST).
export const SCRYPT_PARAMS = { N: 2 ** PRODUCTION_SCRYPT_COST, r: 8, p: 1 } as const
const KEY_LENGTH = 64
// Memory one hash needs is 128 * N * r bytes; the limit leaves room for stored hashes up to twice that.
const MAX_MEMORY = 2 * 128 * SCRYPT_PARAMS.N * SCRYPT_PARAMS.r + 1024 * 1024

/**
 * scrypt runs on libuv's thread pool (4 threads by default), which also serves compression, file
 * reads and DNS. A burst of sign-ins must not take all of it, nor 128 MiB per hash at once: at most
 * two hashes run at a time, a few dozen wait, and beyond that sign-in answers "busy".
 */
const hashing = new ConcurrencyGate({ concurrency: 2, maxWaiting: 32 })
/** Browsers that signed in to the account before: one more hash at a time, never behind the public queue. */
const trustedHashing = new ConcurrencyGate({ concurrency: 1, maxWaiting: 16 })
export type HashingLane = 'public' | 'trusted'

export class PasswordHashingBusyError extends Error {
  constructor() {
    super('too many password checks waiting')
    this.name = 'PasswordHashingBusyError'
  }
}

async function derive(
  password: string,
  salt: Buffer,
  keyLength: number,
  params: { N: number; r: number; p: number },
  lane: HashingLane = 'public',
) {
  const ran = await (lane === 'trusted' ? trustedHashing : hashing).run(() =>
    scrypt(password, salt, keyLength, { ...params, maxmem: MAX_MEMORY }),
  )
  if (!ran.ran) throw new PasswordHashingBusyError()
  return ran.value
}

/** What new hashes are made with: SCRYPT_PARAMS, or a cheaper N on a test server (setScryptCost). */
let hashingParams: { N: number; r: number; p: number } = SCRYPT_PARAMS

/**
 * Sets N = 2^cost for new hashes, from the validated PASSWORD_SCRYPT_COST (which a public site can
 * only set to PRODUCTION_SCRYPT_COST). Verification always follows the parameters stored in the hash.
 */
export function setScryptCost(cost: number) {
  if (!Number.isSafeInteger(cost) || cost < 1 || cost > PRODUCTION_SCRYPT_COST) throw new RangeError(`scrypt cost ${cost} is out of range`)
  hashingParams = { ...SCRYPT_PARAMS, N: 2 ** cost }
}

/** The parameters new hashes get. */
export function scryptParams(): { N: number; r: number; p: number } {
  return hashingParams
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, KEY_LENGTH, hashingParams)
  const { N, r, p } = hashingParams
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$')
}

type StoredHash = { N: number; r: number; p: number; salt: Buffer; key: Buffer }

function parseStored(stored: string): StoredHash | null {
  const [algorithm, n, r, p, saltText, keyText, ...rest] = stored.split('$')
  if (algorithm !== 'scrypt' || !saltText || !keyText || rest.length > 0) return null
  const params = { N: Number(n), r: Number(r), p: Number(p) }
  if (!Object.values(params).every((value) => Number.isSafeInteger(value) && value > 0)) return null
  // Never more work than twice today's parameters, whatever the database says.
  if (128 * params.N * params.r > MAX_MEMORY || params.p > 16) return null
  return { ...params, salt: Buffer.from(saltText, 'base64'), key: Buffer.from(keyText, 'base64') }
}

export async function verifyPassword(password: string, stored: string, { lane = 'public' }: { lane?: HashingLane } = {}): Promise<boolean> {
  const parsed = parseStored(stored)
  if (!parsed || parsed.key.length === 0) return false
  const key = await derive(password, parsed.salt, parsed.key.length, parsed, lane)
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key)
}

/** True for a hash made with other parameters than today's: rehash it once the password is known. */
export function needsRehash(stored: string): boolean {
  const parsed = parseStored(stored)
  return !parsed || parsed.N !== hashingParams.N || parsed.r !== hashingParams.r || parsed.p !== hashingParams.p
}
