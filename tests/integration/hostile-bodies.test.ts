import type { RouteConfigEntry } from '@react-router/dev/routes'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import routes from '#app/routes'
import { type AppServer, startAppServer } from '#tests/support/app-server'
import { setupTestDatabase } from '#tests/support/database'
import { signInOverHttp } from '#tests/support/staff-session'

// Every address in app/routes.ts, posted bodies that no page of ours sends and asked with a query
// no link of ours makes, signed in as an owner and signed out: a refusal (4xx) or a redirect is
// fine; a 500 means some route trusted its input.

const mongodbUri = setupTestDatabase('hostile_bodies')
let server: AppServer
let ownerCookie = ''

/** A fresh owner session: the body pass ends by posting to /logout, which ends the one it used. */
async function signInAsOwner() {
  ownerCookie = await signInOverHttp(server.url)
}

beforeAll(async () => {
  // Each request comes from its own address (below), so the per-address rate limits stay out of
  // the way; Stripe is configured (stripe-mock), so the payment routes get past "not configured".
  server = await startAppServer({
    mongodbUri,
    env: {
      TRUST_PROXY: '1',
      LOG_LEVEL: 'fatal',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_hostile_bodies',
    },
  })
}, 60_000)

afterAll(async () => {
  await server?.stop()
})

/** Every route's address, its parameters filled in with a well-formed id nobody has. */
function addresses(entries: RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`
    const filled = path
      .replace(/\/:[^/]+\?/g, '/0123456789abcdef01234567')
      .replace(/:[^/]+/g, '0123456789abcdef01234567')
      .replace(/\*$/, 'anything')
    return [...(entry.path !== undefined || entry.index ? [filled || '/'] : []), ...addresses(entry.children ?? [], path)]
  })
}

// Signing out last, so the owner's session serves every other address.
const ADDRESSES = [...new Set(addresses(routes))].sort((a, b) => Number(a === '/logout') - Number(b === '/logout'))

// A body of another type (text/plain) takes the same paths as the broken multipart one: an empty
// form, or 415 from a JSON route.
const HOSTILE_BODIES: { name: string; contentType: string; body: string }[] = [
  { name: 'multipart without its boundary', contentType: 'multipart/form-data; boundary=nothing-here', body: 'not multipart at all' },
  { name: 'JSON that does not parse', contentType: 'application/json', body: '{"email": ' },
  {
    // Operators where text is expected, numbers JSON.parse reads as Infinity, prototype keys.
    name: 'JSON of the wrong shapes',
    contentType: 'application/json',
    body: '{"email":{"$ne":null},"status":["x"],"page":1e999,"ids":[{}],"name":null,"message":true,"planId":-1,"quantity":1e308,"assignee":{"$gt":""},"note":[],"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
  },
  { name: 'form fields as operators', contentType: 'application/x-www-form-urlencoded', body: 'email[$ne]=1&id[$gt]=&page=-1&_id=%00' },
]

const HOSTILE_QUERY = '?page=-1e309&limit=NaN&range=%E0%A4%A&status[$ne]=x&email=%00&from=2026-13-45&q=' + 'a'.repeat(3000)

let addressCounter = 0
function headers(signedIn: boolean, extra: Record<string, string> = {}) {
  addressCounter += 1
  const address = `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`
  return { 'X-Forwarded-For': address, Origin: server.url, ...(signedIn ? { Cookie: ownerCookie } : {}), ...extra }
}

describe('hostile input on every route', { timeout: 240_000 }, () => {
  it('lists the route table', () => {
    expect(ADDRESSES.length).toBeGreaterThan(60)
    expect(ADDRESSES).toContain('/admin/enquiries/0123456789abcdef01234567/assign')
  })

  for (const signedIn of [true, false]) {
    it(`answers every hostile body without a server error (${signedIn ? 'an owner' : 'signed out'})`, async () => {
      if (signedIn) await signInAsOwner()
      const failures: string[] = []
      for (const path of ADDRESSES) {
        for (const { name, contentType, body } of HOSTILE_BODIES) {
          const response = await fetch(`${server.url}${path}`, {
            method: 'POST',
            headers: headers(signedIn, { 'Content-Type': contentType }),
            body,
            redirect: 'manual',
          })
          await response.arrayBuffer()
          if (response.status >= 500 && response.status !== 503) failures.push(`${response.status} POST ${path} (${name})`)
        }
      }
      expect(failures).toEqual([])
    })

    it(`answers a hostile query on every address without a server error (${signedIn ? 'an owner' : 'signed out'})`, async () => {
      if (signedIn) await signInAsOwner()
      const failures: string[] = []
      for (const path of ADDRESSES.filter((path) => path !== '/logout')) {
        const response = await fetch(`${server.url}${path}${HOSTILE_QUERY}`, { headers: headers(signedIn), redirect: 'manual' })
        // An event stream stays open: its headers are the answer.
        if (!response.headers.get('Content-Type')?.startsWith('text/event-stream')) await response.arrayBuffer()
        else await response.body?.cancel()
        if (response.status >= 500 && response.status !== 503) failures.push(`${response.status} GET ${path}`)
      }
      expect(failures).toEqual([])
    })
  }
})
