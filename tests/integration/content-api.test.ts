import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedCatalogue } from '#app/catalogue/seed.server'
import { AuditEvent } from '#app/staff/audit-event-model.server'
import { Plan } from '#app/catalogue/catalogue-model.server'
import { type AppServer, startAppServer } from '#tests/support/app-server'
import { setupTestDatabase } from '#tests/support/database'
import { pngImage } from '#tests/support/images'
import { signInOverHttp } from '#tests/support/staff-session'

// The JSON API for plans, services, solutions, testimonials and
// news, with the staff pages' rules, version check and audit, against the built server.

const mongodbUri = setupTestDatabase('content_api')
let server: AppServer
let cookie: string

beforeAll(async () => {
  await seedCatalogue()
  server = await startAppServer({
    mongodbUri,
    env: { TRUST_PROXY: '1', STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_123' },
  })
  cookie = await signInOverHttp(server.url)
}, 60_000)

afterAll(async () => {
  await server?.stop()
})

type Json = Record<string, unknown> & { message?: string; errors?: Record<string, string[]> }

async function api(method: string, path: string, body?: unknown, { session = true }: { session?: boolean } = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(session ? { Cookie: cookie } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Json & Json[] }
}

const newArticle = {
  title: 'Teams Phone for dealerships',
  slug: 'teams-phone-dealerships',
  date: '2026-11-21',
  excerpt: 'Call queues for the sales floor and the service drive.',
  body: 'Hello **world**.',
  image: null,
  status: 'draft',
  layout: 'standard',
}

describe('the content API', () => {
  it('answers 401 without a staff session for every kind and method', async () => {
    for (const kind of ['plans', 'services', 'solutions', 'testimonials', 'news']) {
      expect((await api('GET', `/api/admin/${kind}`, undefined, { session: false })).status).toBe(401)
      expect((await api('POST', `/api/admin/${kind}`, {}, { session: false })).status).toBe(401)
      expect((await api('PATCH', `/api/admin/${kind}/1`, {}, { session: false })).status).toBe(401)
      expect((await api('DELETE', `/api/admin/${kind}/1`, undefined, { session: false })).status).toBe(401)
    }
  })

  it('lists plans with prices in dollars, as /api/plans shows them, plus hidden, version and id', async () => {
    const { status, body } = await api('GET', '/api/admin/plans')
    expect(status).toBe(200)
    expect(body[0]).toEqual({
      id: 1,
      version: 0,
      name: 'Essential',
      description: 'Core monitoring and support for small offices getting organised.',
      price: 299,
      features: expect.arrayContaining(['Patch management']),
      popular: false,
      hidden: false,
    })
  })

  it('creates a news draft (201 with its id), reads it, patches one field and deletes it, each audited', async () => {
    const created = await api('POST', '/api/admin/news', newArticle)
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ ...newArticle, version: 0, id: expect.any(Number) })
    const id = created.body.id as number
    expect((await api('GET', `/api/admin/news/${id}`)).body).toEqual(created.body)
    expect((await fetch(`${server.url}/news/teams-phone-dealerships`)).status).toBe(404)

    const patched = await api('PATCH', `/api/admin/news/${id}`, { status: 'published', version: 0 })
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({ status: 'published', title: newArticle.title, version: 1 })
    const page = await fetch(`${server.url}/news/teams-phone-dealerships`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Hello <strong>world</strong>.')

    expect((await api('DELETE', `/api/admin/news/${id}?version=1`)).status).toBe(204)
    expect((await api('GET', `/api/admin/news/${id}`)).status).toBe(404)
    const actions = (
      await AuditEvent.find({ target: `news-article:${id}` })
        .sort({ at: 1 })
        .lean()
    ).map((event) => event.action)
    expect(actions).toEqual(['created news article', 'changed news article: status', 'deleted news article'])
  })

  it('changes a plan price in dollars: /api/plans shows it at once and the store keeps cents-exact dollars', async () => {
    const patched = await api('PATCH', '/api/admin/plans/1', { price: 349.99 })
    expect(patched.status).toBe(200)
    const plans = (await (await fetch(`${server.url}/api/plans`)).json()) as { id: number; price: number }[]
    expect(plans.find((plan) => plan.id === 1)?.price).toBe(349.99)
    expect((await Plan.findOne({ id: 1 }).lean())?.price).toBe(349.99)

    // The next purchase is priced at the new price by the server (stripe-mock behind it): the old
    // amount is refused as different from the server's total, the new one starts a payment.
    const buy = (amount: number) =>
      fetch(`${server.url}/api/create-payment-intent`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.91' },
        body: JSON.stringify({ planId: 1, name: 'Dana Reyes', email: 'dana@example.com', amount, paymentMethod: 'credit_card' }),
      })
    expect((await buy(299)).status).toBe(409)
    const started = await buy(349.99)
    expect(started.status).toBe(200)
    expect(await started.json()).toMatchObject({ clientSecret: expect.any(String) })

    // That plan now has an order: it can be hidden, not deleted. A plan never bought can be.
    const refused = await api('DELETE', '/api/admin/plans/1')
    expect(refused).toEqual({
      status: 409,
      body: { message: 'This plan has orders, which keep its name. Hide it instead: it then leaves the site and checkout.' },
    })
    const spare = await api('POST', '/api/admin/plans', {
      name: 'Spare',
      description: 'Never sold.',
      price: 1,
      features: ['x'],
      popular: false,
      hidden: true,
    })
    expect(spare.status).toBe(201)
    expect((await api('DELETE', `/api/admin/plans/${spare.body.id as number}`)).status).toBe(204)
  })

  it('lets exactly one of five simultaneous saves from the same version through', async () => {
    const { body: service } = await api('GET', '/api/admin/services/3')
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        api('PATCH', '/api/admin/services/3', { name: `Cybersecurity ${index}`, version: service.version }),
      ),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409])
    const winner = answers.find((answer) => answer.status === 200)!.body
    expect((await api('GET', '/api/admin/services/3')).body).toMatchObject({ name: winner.name, version: (service.version as number) + 1 })
  })

  it('refuses bad input with 400 {message, errors}: a zero price, an unknown field, a bad slug, a rating of 6, not JSON', async () => {
    const zero = await api('PATCH', '/api/admin/plans/1', { price: 0 })
    expect(zero).toEqual({
      status: 400,
      body: { message: 'Price must be more than $0', errors: { price: ['Price must be more than $0'] } },
    })
    const unknown = await api('PATCH', '/api/admin/plans/1', { priceCents: 100 })
    expect(unknown.status).toBe(400)
    expect(unknown.body.message).toMatch(/^Unknown field: priceCents. Fields are name, description, price/)
    const slug = await api('POST', '/api/admin/news', { ...newArticle, slug: 'Not A Slug' })
    expect(slug.status).toBe(400)
    expect(slug.body.errors?.slug?.[0]).toMatch(/lower-case letters, digits and single hyphens/)
    const rating = await api('POST', '/api/admin/testimonials', { name: 'A', company: 'B', text: 'C', rating: 6, shown: true })
    expect(rating.body.errors).toEqual({ rating: ['Rating must be a whole number from 1 to 5'] })
    const notJson = await fetch(`${server.url}/api/admin/plans`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'text/plain' },
      body: 'x',
    })
    expect(notJson.status).toBe(415)
    expect((await api('POST', '/api/admin/plans', '{"name":')).status).toBe(400)
    expect((await api('GET', '/api/admin/plans/999')).status).toBe(404)
    expect((await api('PATCH', '/api/admin/widgets/1', {})).status).toBe(404)
  })

  it('refuses the second of two saves made from the same version with 409 and the saved record', async () => {
    const { body: plan } = await api('GET', '/api/admin/plans/2')
    const first = await api('PATCH', '/api/admin/plans/2', { description: 'First editor', version: plan.version })
    expect(first.status).toBe(200)
    const second = await api('PATCH', '/api/admin/plans/2', { description: 'Second editor', version: plan.version })
    expect(second.status).toBe(409)
    expect(second.body.message).toBe(
      'Someone else saved this plan while you were editing it, so your changes were not saved. Nothing was overwritten.',
    )
    expect(second.body.current).toMatchObject({ description: 'First editor', version: (plan.version as number) + 1 })
    expect((await api('GET', '/api/admin/plans/2')).body.description).toBe('First editor')
  })

  it('keeps at most one popular plan', async () => {
    expect((await api('PATCH', '/api/admin/plans/3', { popular: true })).status).toBe(200)
    const plans = (await api('GET', '/api/admin/plans')).body
    expect(plans.filter((plan) => plan.popular).map((plan) => plan.id)).toEqual([3])
  })

  it('uploads an image and uses it for a service; refuses a fake one and an unknown image path', async () => {
    const form = new FormData()
    form.set('file', new File([new Uint8Array(pngImage(300, 200))], 'photo.png', { type: 'image/png' }))
    const upload = await fetch(`${server.url}/api/admin/uploads`, { method: 'POST', headers: { Cookie: cookie }, body: form })
    expect(upload.status).toBe(201)
    const stored = (await upload.json()) as { image: string; width: number; height: number }
    expect(stored).toMatchObject({ width: 300, height: 200, image: expect.stringMatching(/^\/uploads\/[0-9a-f]{24}\.png$/) })
    expect((await api('PATCH', '/api/admin/services/2', { image: stored.image })).body.image).toBe(stored.image)
    expect(await (await fetch(`${server.url}/`)).text()).toContain(stored.image)

    const fake = new FormData()
    fake.set('file', new File([new TextEncoder().encode('<svg onload="alert(1)"/>')], 'x.png', { type: 'image/png' }))
    const refused = await fetch(`${server.url}/api/admin/uploads`, { method: 'POST', headers: { Cookie: cookie }, body: fake })
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as Json).message).toMatch(/not a PNG, JPEG or WebP image/)
    const missing = await api('PATCH', '/api/admin/services/2', { image: '/uploads/0123456789abcdef01234567.png' })
    expect(missing.status).toBe(400)
    expect(missing.body.errors?.image).toEqual(['That image does not exist. Choose an illustration or upload the image again.'])
  })

  it('shows testimonials as text and shown, and hides one from the home page', async () => {
    const { body: testimonials } = await api('GET', '/api/admin/testimonials')
    expect(testimonials[0]).toMatchObject({
      id: 1,
      name: 'Dana Whitfield',
      text: expect.stringContaining('Microsoft 365'),
      shown: true,
      rating: 5,
    })
    expect((await api('PATCH', '/api/admin/testimonials/1', { shown: false })).status).toBe(200)
    expect(await (await fetch(`${server.url}/`)).text()).not.toContain('Dana Whitfield')
  })
})
