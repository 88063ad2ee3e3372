import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

// A buyer reads their order's status (GET /api/orders/:id) with a token given to them when the
// payment started: order ids are ObjectIds, which are guessable (a timestamp and a counter). Only
// the token's SHA-256 is stored, so a copy of the database doesn't hand out the tokens.

function hashToken(token: string) {
  return createHash('sha256').update(token).digest()
}

export function newOrderAccessToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashToken(token).toString('base64url') }
}

export function orderAccessTokenMatches(token: string | null, storedHash: string | null | undefined): boolean {
  if (!token || !storedHash) return false
  const expected = Buffer.from(storedHash, 'base64url')
  const actual = hashToken(token)
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

/** The token from `Authorization: Bearer <token>`. */
export function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,100})\s*$/i.exec(request.headers.get('Authorization') ?? '')
  return match?.[1] ?? null
}
