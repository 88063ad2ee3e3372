import sharp from 'sharp'
import mongoose from 'mongoose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedCatalogue } from '#app/catalogue/seed.server'
import { AuditEvent } from '#app/staff/audit-event-model.server'
import { Plan } from '#app/catalogue/catalogue-model.server'
import { NewsArticle } from '#app/catalogue/news-model.server'
import { type AppServer, startAppServer } from '#tests/support/app-server'
import { setupTestDatabase } from '#tests/support/database'
import { pngImage } from '#tests/support/images'
import { signInOverHttp } from '#tests/support/staff-session'

// Staff content edits through the staff pages' forms, posted as a browser without JavaScript posts
// them (multipart, following no redirects), against the built production server and a real
// database; and what visitors then see.

const mongodbUri = setupTestDatabase('content_editing')
let server: AppServer
let cookie: string

beforeAll(async () => {
  await seedCatalogue()
  server = await startAppServer({
    mongodbUri,
    env: {
      TRUST_PROXY: '1',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_API_URL: process.env.STRIPE_API_URL ?? '',
    },
  })
  cookie = await signInOverHttp(server.url)
}, 60_000)

afterAll(async () => {
  await server?.stop()
})

const visitor = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, { redirect: 'manual', ...init })
const asStaff = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, { redirect: 'manual', ...init, headers: { Cookie: cookie, ...(init.headers as Record<string, string>) } })

/** Posts a staff form as multipart, the way the edit page's form is sent. */
function postForm(path: string, fields: Record<string, string>, file?: { name: string; type: string; bytes: Uint8Array }) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  if (file) form.set('imageFile', new File([new Uint8Array(file.bytes)], file.name, { type: file.type }))
  return asStaff(path, { method: 'POST', body: form })
}

const uploadCount = () => mongoose.connection.db!.collection('uploads.files').countDocuments()

const article = (overrides: Record<string, string> = {}) => ({
  title: 'Windows 11 upgrade checklist',
  slug: 'windows-11-upgrade-checklist',
  date: '2026-11-20',
  excerpt: 'What to check before the upgrade.',
  body: 'First paragraph.\n\n## What to check\n\n- Backups\n- [Our plans](/#pricing)',
  image: '',
  status: 'draft',
  layout: 'standard',
  version: '0',
  ...overrides,
})

const text = async (response: Response) => (await response.text()).replaceAll('<!-- -->', '')

describe('news articles from the database', () => {
  it('lists the ten seeded articles, renders their Markdown on the server and puts them in the sitemap', async () => {
    const list = await text(await visitor('/news'))
    expect(list.match(/Read More<span class="sr-only">/g)).toHaveLength(10)
    const page = await text(await visitor('/news/data-fencing'))
    expect(page).toContain('<h2>What is data fencing?</h2>')
    expect(page).toContain('<li>Block sign-ins from countries where the business has no staff or customers</li>')
    const sitemap = await text(await visitor('/sitemap.xml'))
    expect(sitemap).toContain('/news/data-fencing</loc>')
    expect(sitemap.match(/\/news\//g)).toHaveLength(10)
  })

  it('publishes a draft with an uploaded image: the draft is staff-only with a preview banner, then visitors see it', async () => {
    const uploadsBefore = await uploadCount()
    const created = await postForm('/admin/content/news/new', article(), { name: 'hero.png', type: 'image/png', bytes: pngImage(640, 400) })
    expect(created.status).toBe(303)
    expect(created.headers.get('location')).toBe('/admin/content/news')
    expect(await uploadCount()).toBe(uploadsBefore + 1)
    const stored = (await NewsArticle.findOne({ slug: 'windows-11-upgrade-checklist' }).lean())!
    expect(stored).toMatchObject({ status: 'draft', imageWidth: 640, imageHeight: 400, version: 0 })
    expect(stored.image).toMatch(/^\/uploads\/[0-9a-f]{24}\.png$/)

    // A draft: 404 for visitors (and not in the list), a preview for staff that no cache keeps.
    expect((await visitor('/news/windows-11-upgrade-checklist')).status).toBe(404)
    expect(await text(await visitor('/news'))).not.toContain('Windows 11 upgrade checklist')
    const preview = await asStaff('/news/windows-11-upgrade-checklist')
    expect(preview.status).toBe(200)
    expect(preview.headers.get('cache-control')).toBe('private, no-store')
    expect(preview.headers.get('x-page-cache')).toBeNull()
    const previewHtml = await text(preview)
    expect(previewHtml).toContain('Preview: this article is a draft.')
    expect(previewHtml).toContain('noindex')

    const published = await postForm(
      `/admin/content/news/${stored.id}`,
      article({ status: 'published', image: stored.image!, version: '0' }),
    )
    expect(published.status).toBe(303)
    const page = await visitor('/news/windows-11-upgrade-checklist')
    expect(page.status).toBe(200)
    const html = await text(page)
    expect(html).not.toContain('Preview: this article is a draft.')
    expect(html).toContain(`src="${stored.image}"`)
    expect(html).toMatch(/width="640" height="400"/)
    expect(html).toContain('<a href="/#pricing">Our plans</a>')
    expect(await text(await visitor('/'))).toContain('Windows 11 upgrade checklist')

    // The upload: its pixels (encoded again, without metadata), its type from the bytes, cached for a year.
    const image = await visitor(stored.image!)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer()
    expect((await pixels(Buffer.from(await image.arrayBuffer()))).equals(await pixels(pngImage(640, 400)))).toBe(true)
    expect((await visitor('/uploads/0123456789abcdef01234567.png')).status).toBe(404)

    // The audit trail has the creation and the publication with before and after.
    const events = await AuditEvent.find({ target: `news-article:${stored.id}` })
      .sort({ at: 1 })
      .lean()
    expect(events.map((event) => event.action)).toEqual(['created news article', 'changed news article: status'])
    expect(events[1]!.changes).toEqual({ status: { before: 'draft', after: 'published' } })
    expect(events[1]!.actorUsername).toBe('test-owner')
  })

  it('keeps a published address working: a changed slug answers 301 from the old one', async () => {
    const stored = (await NewsArticle.findOne({ slug: 'windows-11-upgrade-checklist' }).lean())!
    const renamed = await postForm(
      `/admin/content/news/${stored.id}`,
      article({ slug: 'windows-11-checklist', status: 'published', image: stored.image!, version: String(stored.version) }),
    )
    expect(renamed.status).toBe(303)
    const old = await visitor('/news/windows-11-upgrade-checklist')
    expect(old.status).toBe(301)
    expect(old.headers.get('location')).toBe('/news/windows-11-checklist')
    expect((await visitor('/news/windows-11-checklist')).status).toBe(200)
    // Another article can't take the old address.
    const clash = await postForm('/admin/content/news/new', article({ title: 'Other', slug: 'windows-11-upgrade-checklist' }))
    expect(clash.status).toBe(400)
    expect(await text(clash)).toContain('The address /news/windows-11-upgrade-checklist is taken by')
  })

  it('renders Markdown with a script, a javascript: link and an onerror attribute as inert text', async () => {
    const hostile = [
      '<script>window.pwned = 1</script>',
      '[click me](javascript:alert(document.cookie))',
      '<img src=x onerror="alert(1)">',
      '[also](JaVaScRiPt:alert(1)) and ![x](javascript:alert(1))',
    ].join('\n\n')
    const created = await postForm(
      '/admin/content/news/new',
      article({ title: 'Hostile', slug: 'hostile-markdown', body: hostile, status: 'published' }),
    )
    expect(created.status).toBe(303)
    const html = await text(await visitor('/news/hostile-markdown'))
    const body = html.slice(html.indexOf('<h1'), html.indexOf('Back to News</a>', html.indexOf('<h1')))
    expect(body).toContain('&lt;script&gt;window.pwned = 1&lt;/script&gt;')
    expect(body).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;')
    expect(body).not.toMatch(/<script|<img[^>]*onerror|href="javascript:|href="JaVaScRiPt:/i)
  })
})

describe('uploads that are refused', () => {
  const before = async () => ({ uploads: await uploadCount(), articles: await NewsArticle.countDocuments() })

  it('refuses an SVG or HTML file that says it is a PNG, a file over 2 MB and a text file, storing nothing', async () => {
    const start = await before()
    const cases = [
      {
        file: { name: 'photo.png', type: 'image/png', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') },
        says: 'not a PNG, JPEG or WebP image',
      },
      {
        file: { name: 'photo.jpg', type: 'image/jpeg', bytes: Buffer.from('<!doctype html><script>alert(1)</script>') },
        says: 'not a PNG, JPEG or WebP image',
      },
      { file: { name: 'big.png', type: 'image/png', bytes: pngImage(10, 10, [0, 0, 0], 2 * 1024 * 1024) }, says: 'the limit is 2 MB' },
      { file: { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('hello') }, says: 'not a PNG, JPEG or WebP image' },
    ]
    for (const { file, says } of cases) {
      const response = await postForm('/admin/content/news/new', article({ title: 'Refused upload', slug: 'refused-upload' }), file)
      expect(response.status, file.name).toBe(400)
      const html = await text(response)
      expect(html).toContain(says)
      // What was typed comes back in the form.
      expect(html).toContain('value="Refused upload"')
    }
    expect(await before()).toEqual(start)
  })
})

describe('plans', () => {
  it('changes a price: /api/plans shows dollars at once, and the change is audited in cents-exact dollars', async () => {
    const plan = (await Plan.findOne({ id: 2 }).lean())!
    const saved = await postForm('/admin/content/plans/2', {
      name: plan.name,
      description: plan.description,
      price: '649.50',
      features: plan.features.join('\n'),
      popular: 'on',
      version: String(plan.version ?? 0),
    })
    expect(saved.status).toBe(303)
    const plans = (await (await visitor('/api/plans')).json()) as { id: number; price: number }[]
    expect(plans.find((item) => item.id === 2)?.price).toBe(649.5)
    expect(await text(await visitor('/'))).toMatch(/id="professional-price"[^>]*>(?:<[^>]+>)*\$649\.50/)
    const event = await AuditEvent.findOne({ target: 'plan:2' }).sort({ at: -1 }).lean()
    expect(event?.changes).toEqual({ price: { before: 599, after: 649.5 } })
  })

  it('refuses a price of zero, a negative one and one with fractions of a cent, keeping what was typed', async () => {
    for (const [price, message] of [
      ['0', 'Price must be more than $0'],
      ['-5', 'Price must be a number of dollars'],
      ['10.005', 'Price must be a number of dollars'],
      ['abc', 'Price must be a number of dollars'],
    ] as const) {
      const response = await postForm('/admin/content/plans/1', {
        name: 'Essential',
        description: 'x',
        price,
        features: 'One',
        version: '0',
      })
      expect(response.status, price).toBe(400)
      expect(await text(response)).toContain(message)
    }
    expect((await Plan.findOne({ id: 1 }).lean())?.price).toBe(299)
  })

  it('keeps one popular plan: marking another takes the mark from the first', async () => {
    const essential = (await Plan.findOne({ id: 1 }).lean())!
    const saved = await postForm('/admin/content/plans/1', {
      name: essential.name,
      description: essential.description,
      price: '299',
      features: essential.features.join('\n'),
      popular: 'on',
      version: String(essential.version),
    })
    expect(saved.status).toBe(303)
    const popular = await Plan.find({ popular: true }, { id: 1 }).lean()
    expect(popular.map((plan) => plan.id)).toEqual([1])
  })

  it('hides a plan: gone from the site and /api/plans, and checkout says it is no longer offered', async () => {
    const enterprise = (await Plan.findOne({ id: 3 }).lean())!
    const hidden = await asStaff('/admin/content/plans/3/visibility', {
      method: 'POST',
      body: new URLSearchParams({ version: String(enterprise.version) }),
    })
    expect(hidden.status).toBe(303)
    const plans = (await (await visitor('/api/plans')).json()) as { id: number }[]
    expect(plans.map((plan) => plan.id)).not.toContain(3)
    expect(await text(await visitor('/'))).not.toContain('id="enterprise-price"')
    const checkout = await text(await visitor('/checkout/3'))
    expect(checkout).toContain('The Enterprise plan is no longer offered. Please choose one of the plans below.')
    const payment = await visitor('/api/create-payment-intent', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.77' },
      body: JSON.stringify({ planId: 3, name: 'Dana', email: 'dana@example.com', paymentMethod: 'credit_card', amount: 1199 }),
    })
    expect(payment.status).toBe(400)
    expect(((await payment.json()) as { message: string }).message).toBe(
      'The Enterprise plan is no longer offered: please choose one of the plans listed.',
    )
  })
})

describe("the list's buttons act on the record their address names", () => {
  it('refuses a stale version, an unknown record and a made-up direction, changing nothing', async () => {
    const { Service } = await import('#app/catalogue/catalogue-model.server')
    const before = (await Service.findOne({ id: 2 }).lean())!
    const stale = await asStaff('/admin/content/services/2/visibility', {
      method: 'POST',
      body: new URLSearchParams({ version: String(before.version + 7) }),
    })
    expect(stale.status).toBe(303)
    expect(stale.headers.get('location')).toBe('/admin/content/services')
    expect((await Service.findOne({ id: 2 }).lean())?.hidden).toBe(before.hidden)

    const unknown = await asStaff('/admin/content/services/999999/visibility', {
      method: 'POST',
      body: new URLSearchParams({ version: '0' }),
    })
    expect(unknown.status).toBe(404)
    expect(
      (await asStaff('/admin/content/widgets/2/move', { method: 'POST', body: new URLSearchParams({ direction: 'up' }) })).status,
    ).toBe(404)

    const order = async () =>
      (await Service.find({}, { id: 1, position: 1 }).sort({ position: 1, id: 1 }).lean()).map((service) => service.id)
    const orderBefore = await order()
    const sideways = await asStaff('/admin/content/services/2/move', {
      method: 'POST',
      body: new URLSearchParams({ direction: 'sideways' }),
    })
    expect(sideways.status).toBe(303)
    expect(await order()).toEqual(orderBefore)

    // The list itself takes no posts: which record to change is never read from a form field.
    const old = await asStaff('/admin/content/services', {
      method: 'POST',
      body: new URLSearchParams({ intent: 'toggle', id: '2', version: String(before.version) }),
    })
    expect(old.status).toBe(405)
    expect((await Service.findOne({ id: 2 }).lean())?.version).toBe(before.version)
  })
})

describe('two staff editing the same record', () => {
  it('refuses the second save with a readable conflict and overwrites nothing', async () => {
    const service = await (await import('#app/catalogue/catalogue-model.server')).Service.findOne({ id: 1 }).lean()
    const form = (name: string) => ({
      name,
      shortDescription: service!.shortDescription,
      description: service!.description,
      price: String(service!.price),
      priceType: 'month',
      image: service!.image,
      features: service!.features.join('\n'),
      version: String(service!.version),
    })
    expect((await postForm('/admin/content/services/1', form('Managed IT (first editor)'))).status).toBe(303)
    const second = await postForm('/admin/content/services/1', form('Managed IT (second editor)'))
    expect(second.status).toBe(409)
    const html = await text(second)
    expect(html).toContain(
      'Someone else saved this service while you were editing it, so your changes were not saved. Nothing was overwritten.',
    )
    expect(html).toContain('Saved by someone else: </span>Managed IT (first editor)')
    expect(html).toContain('value="Managed IT (second editor)"')
    const stored = await (await import('#app/catalogue/catalogue-model.server')).Service.findOne({ id: 1 }).lean()
    expect(stored?.name).toBe('Managed IT (first editor)')
  })
})

describe('testimonials', () => {
  it('shows the shown ones on the home page between About and Contact, and no section when none is shown', async () => {
    const home = await text(await visitor('/'))
    expect(home).toContain('What our clients say')
    expect(home.indexOf('id="about"')).toBeLessThan(home.indexOf('id="testimonials"'))
    expect(home.indexOf('id="testimonials"')).toBeLessThan(home.indexOf('id="contact"'))
    expect(home).toContain('Whitfield Family Dentistry')
    const { Testimonial } = await import('#app/catalogue/catalogue-model.server')
    for (const testimonial of await Testimonial.find().lean()) {
      const response = await asStaff(`/admin/content/testimonials/${testimonial.id}/visibility`, {
        method: 'POST',
        body: new URLSearchParams({ version: String(testimonial.version) }),
      })
      expect(response.status).toBe(303)
    }
    expect(await text(await visitor('/'))).not.toContain('id="testimonials"')
  })
})
