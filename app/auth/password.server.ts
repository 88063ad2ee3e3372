import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>

// OWASP's scrypt minimum (N=2^17, r=8, p=1) costs ~128 MiB and ~300 ms here; 2^15 keeps sign-in
// responsive on 2 cores while staying well above brute-force comfort. The parameters travel
// with the hash, so they can be raised later without breaking stored hashes.
const PARAMS = { N: 2 ** 15, r: 8, p: 1 }
const KEY_LENGTH = 64

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(password, salt, KEY_LENGTH, { ...PARAMS, maxmem: 64 * 1024 * 1024 })
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, n, r, p, saltText, keyText] = stored.split('$')
  if (algorithm !== 'scrypt' || !n || !r || !p || !saltText || !keyText) return false
  const expected = Buffer.from(keyText, 'base64')
  const key = await scrypt(password, Buffer.from(saltText, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * 1024 * 1024,
  })
  return key.length === expected.length && timingSafeEqual(key, expected)
}
