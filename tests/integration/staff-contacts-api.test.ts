import { beforeAll, describe, expect, it, vi } from 'vitest'
import { Contact } from '#app/enquiries/contact-model.server'
import { contextFor } from '#app/lib/http/request-context'
import { setupTestDatabase } from '#tests/support/database'

// GET /api/admin/contacts pages through every submission (it used to stop silently at 1,000).
// Called as its route module against a real database, the staff guard replaced by a signed-in
// admin (the guard itself: tests/e2e/staff-auth.spec.ts).
vi.mock('#app/staff/require-admin.server', () => ({
  requireAdminApi: vi.fn(async () => ({ id: 'staff-1', username: 'staff' })),
}))
const { loader } = await import('#app/routes/api/admin/contacts')

setupTestDatabase('staff_contacts_api')

const COUNT = 7

beforeAll(async () => {
  const start = Date.UTC(2026, 2, 1)
  await Contact.insertMany(
    Array.from({ length: COUNT }, (_, i) => ({
      name: `Visitor ${i + 1}`,
      email: `visitor${i + 1}@example.com`,
      message: 'A message long enough to keep.',
      createdAt: new Date(start + i * 60_000),
    })),
  )
})

async function get(query: string) {
  const request = new Request(`http://localhost/api/admin/contacts${query}`)
  const response = await loader({
    request,
    url: new URL(request.url),
    params: {},
    pattern: '/api/admin/contacts',
    context: contextFor({ cspNonce: '', clientIp: '127.0.0.1', requestId: 'test' }),
  })
  return { response, body: (await response.json()) as unknown }
}

const names = (body: unknown) => (body as { name: string }[]).map((contact) => contact.name)

describe('GET /api/admin/contacts', () => {
  it('answers one page, newest first, with the total in X-Total-Count and the neighbours in Link', async () => {
    const { response, body } = await get('?page=2&limit=3')
    expect(response.status).toBe(200)
    expect(response.headers.get('X-Total-Count')).toBe(String(COUNT))
    expect(names(body)).toEqual(['Visitor 4', 'Visitor 3', 'Visitor 2'])
    expect(response.headers.get('Link')).toBe(
      '</api/admin/contacts?page=3&limit=3>; rel="next", </api/admin/contacts?page=1&limit=3>; rel="prev"',
    )
  })

  it('gives the first 100 without parameters, and an empty last page past the end', async () => {
    const first = await get('')
    expect(names(first.body)).toHaveLength(COUNT)
    expect(first.response.headers.get('Link')).toBeNull()
    const past = await get('?page=9&limit=3')
    expect(past.response.status).toBe(200)
    expect(past.body).toEqual([])
    expect(past.response.headers.get('X-Total-Count')).toBe(String(COUNT))
  })

  it('refuses a page or limit out of range with the 400 shape, naming the parameter', async () => {
    for (const [query, field] of [
      ['?limit=501', 'limit'],
      ['?limit=0', 'limit'],
      ['?limit=ten', 'limit'],
      ['?page=0', 'page'],
      ['?page=1.5', 'page'],
    ] as const) {
      const { response, body } = await get(query)
      expect(response.status, query).toBe(400)
      expect(body).toMatchObject({ message: expect.stringContaining(field), errors: { [field]: [expect.any(String)] } })
    }
  })
})
