import mongoose from 'mongoose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { purgeDeletedContent } from '#app/catalogue/content-editing.server'
import { seedCatalogue } from '#app/catalogue/seed.server'
import { Service } from '#app/catalogue/catalogue-model.server'
import { NewsArticle } from '#app/catalogue/news-model.server'
import { AuditEvent } from '#app/staff/audit-event-model.server'
import { type AppServer, startAppServer } from '#tests/support/app-server'
import { setupTestDatabase } from '#tests/support/database'
import { signInOverHttp } from '#tests/support/staff-session'

// The editor that keeps work: Preview draws the unsaved form without saving it, Delete is undoable
// for 30 days (gone from every public page and API at once), and the purge job ends it after that.
// Posted as a browser without JavaScript posts (multipart, no redirects followed).

const mongodbUri = setupTestDatabase('content_editor')
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

const visitor = (path: string) => fetch(`${server.url}${path}`, { redirect: 'manual' })
const asStaff = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, { redirect: 'manual', ...init, headers: { Cookie: cookie, ...(init.headers as Record<string, string>) } })
const text = async (response: Response) => (await response.text()).replaceAll('<!-- -->', '')

function postForm(path: string, fields: Record<string, string> = {}) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  return asStaff(path, { method: 'POST', body: form })
}

const contentToken = async () =>
  ((await mongoose.connection.db!.collection('contentversions').findOne({ _id: 'site' as never })) as { token?: string } | null)?.token

/** The article's saved fields as the edit form sends them. */
async function articleForm(slug: string, overrides: Record<string, string> = {}) {
  const stored = (await NewsArticle.findOne({ slug }).lean())!
  return {
    id: stored.id,
    fields: {
      title: stored.title,
      slug: stored.slug,
      date: stored.date,
      excerpt: stored.excerpt,
      body: stored.body,
      image: stored.image ?? '',
      status: stored.status,
      layout: stored.layout,
      version: String(stored.version),
      ...overrides,
    },
  }
}

describe('the editor form', () => {
  it('names its choices in plain words and offers pictures as a group of thumbnails', async () => {
    const { id } = await articleForm('data-fencing')
    const html = await text(await asStaff(`/admin/content/news/${id}`))
    expect(html).toContain('>Published</option>')
    expect(html).toContain('>Draft (only staff can see it)</option>')
    expect(html).toContain('>Featured (wide banner)</option>')
    expect(html).toMatch(/<legend[^>]*>Hero image<\/legend>/)
    expect(html).toMatch(/<input type="radio"[^>]* name="image" checked="" value="\/images\/news\/data-fencing.svg"/)
    expect(html).toContain('Or upload an image')
    expect(html).toMatch(new RegExp(`formaction="/admin/content/news/${id}/preview"`, 'i'))
  })
})

describe('preview', () => {
  it('draws the unsaved article as the public page does, keeps the form filled in and saves nothing', async () => {
    const { id, fields } = await articleForm('data-fencing')
    const before = (await NewsArticle.findOne({ id }).lean())!
    const auditBefore = await AuditEvent.countDocuments()
    const token = await contentToken()
    const response = await postForm(`/admin/content/news/${id}/preview`, {
      ...fields,
      title: 'Data fencing, rewritten',
      body: 'A new first paragraph.\n\n## A new heading\n\n<script>alert(1)</script>',
      layout: 'featured',
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toContain('no-store')
    const html = await text(response)
    expect(html).toContain('Preview, not saved')
    expect(html).toMatch(/<h1[^>]*>Data fencing, rewritten<\/h1>/)
    expect(html).toContain('<h2>A new heading</h2>')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).not.toContain('<script>alert(1)</script>')
    // The form comes back as typed.
    expect(html).toContain('value="Data fencing, rewritten"')
    expect(html).toMatch(/<option value="featured" selected="">/)
    // Nothing saved, audited or announced.
    expect(await NewsArticle.findOne({ id }).lean()).toEqual(before)
    expect(await AuditEvent.countDocuments()).toBe(auditBefore)
    expect(await contentToken()).toBe(token)
    expect(await text(await visitor('/news/data-fencing'))).not.toContain('Data fencing, rewritten')
  })

  it('previews a new service card without creating it', async () => {
    const count = await Service.countDocuments()
    const response = await postForm('/admin/content/services/new/preview', {
      name: 'Printer care',
      shortDescription: 'Printers that keep printing.',
      description: 'Toner, drivers and repairs.',
      price: '49',
      priceType: 'month',
      image: '/images/services/software.svg',
      features: 'Toner\nDrivers',
      version: '0',
    })
    expect(response.status).toBe(200)
    const html = await text(response)
    expect(html).toMatch(/<h3[^>]*>Printer care<\/h3>/)
    expect(html).toContain('Printers that keep printing.')
    expect(await Service.countDocuments()).toBe(count)
  })

  it('refuses bad and oversized input with a message by each field, keeping what was typed', async () => {
    const { id, fields } = await articleForm('data-fencing')
    const longBody = 'x'.repeat(50_001)
    const response = await postForm(`/admin/content/news/${id}/preview`, {
      ...fields,
      slug: 'Not A Slug!',
      body: longBody,
      image: '/etc/passwd',
    })
    expect(response.status).toBe(400)
    const html = await text(response)
    expect(html).toContain('The preview needs the fields marked below.')
    expect(html).toContain('Slug may use lower-case letters, digits and single hyphens')
    expect(html).toContain('Body must be at most 50000 characters')
    expect(html).toContain('value="Not A Slug!"')
    expect(html).toContain(longBody)
    expect(html).not.toContain('Preview, not saved')

    // Past the content forms' 8 MB body limit, the request is refused before it is read.
    const huge = await postForm(`/admin/content/news/${id}/preview`, { ...fields, body: 'y'.repeat(9 * 1024 * 1024) })
    expect(huge.status).toBe(413)
    expect((await NewsArticle.findOne({ id }).lean())?.body).toBe(fields.body)
  })

  it('answers 404 for an unknown kind or record, and asks a visitor to sign in', async () => {
    expect((await postForm('/admin/content/widgets/1/preview', { name: 'x' })).status).toBe(404)
    expect((await postForm('/admin/content/news/999999/preview', { title: 'x' })).status).toBe(404)
    const anonymous = await fetch(`${server.url}/admin/content/news/1/preview`, {
      method: 'POST',
      body: new FormData(),
      redirect: 'manual',
    })
    expect([302, 303, 401]).toContain(anonymous.status)
  })
})

describe('delete and restore', () => {
  it('asks on a page of its own, hides the article from every public page and list, and restores it', async () => {
    const { id } = await articleForm('outsourcing-it')
    const confirm = await asStaff(`/admin/content/news/${id}/delete`)
    expect(confirm.status).toBe(200)
    const confirmHtml = await text(confirm)
    expect(confirmHtml).toContain('Delete this news article?')
    expect(confirmHtml).toContain('Delete news article</button>')

    const tokenBefore = await contentToken()
    const deleted = await postForm(`/admin/content/news/${id}/delete`)
    expect(deleted.status).toBe(303)
    expect(deleted.headers.get('location')).toBe('/admin/content/news')
    expect(await contentToken()).not.toBe(tokenBefore)
    const stored = (await NewsArticle.findOne({ id }).lean())!
    expect(stored.deletedAt).toBeInstanceOf(Date)

    // Gone for visitors and for staff pages other than "Recently deleted".
    expect((await visitor('/news/outsourcing-it')).status).toBe(404)
    expect((await asStaff('/news/outsourcing-it')).status).toBe(404)
    expect(await text(await visitor('/news'))).not.toContain('/news/outsourcing-it"')
    expect(await text(await visitor('/'))).not.toContain('/news/outsourcing-it"')
    expect(await text(await visitor('/sitemap.xml'))).not.toContain('/news/outsourcing-it<')
    expect((await asStaff(`/admin/content/news/${id}`)).status).toBe(404)
    expect((await asStaff(`/api/admin/news/${id}`)).status).toBe(404)
    const staffList = (await (await asStaff('/api/admin/news')).json()) as { id: number }[]
    expect(staffList.map((record) => record.id)).not.toContain(id)
    const recentlyDeleted = await text(await asStaff('/admin/content/news/deleted'))
    expect(recentlyDeleted).toContain(stored.title)
    expect(recentlyDeleted).toContain(`action="/admin/content/news/${id}/restore"`)
    // Its address stays reserved, so restoring it never clashes.
    const clash = await postForm('/admin/content/news/new', {
      ...(await articleForm('data-fencing')).fields,
      title: 'Another',
      slug: 'outsourcing-it',
      version: '0',
    })
    expect(clash.status).toBe(400)
    expect(await text(clash)).toContain('which was deleted recently and can still be restored')

    const tokenBeforeRestore = await contentToken()
    const restored = await postForm(`/admin/content/news/${id}/restore`)
    expect(restored.status).toBe(303)
    expect(await contentToken()).not.toBe(tokenBeforeRestore)
    expect((await NewsArticle.findOne({ id }).lean())?.deletedAt).toBeUndefined()
    expect((await visitor('/news/outsourcing-it')).status).toBe(200)
    const actions = (
      await AuditEvent.find({ target: `news-article:${id}` })
        .sort({ at: 1 })
        .lean()
    ).map((event) => event.action)
    expect(actions).toEqual(['deleted news article', 'restored news article'])
    // Restoring twice: a readable refusal, not an error page.
    const again = await postForm(`/admin/content/news/${id}/restore`)
    expect(again.status).toBe(303)
    expect(again.headers.get('location')).toBe('/admin/content/news/deleted')
  })

  it('takes a deleted service off the home page and /api/services', async () => {
    const deleted = await postForm('/admin/content/services/2/delete')
    expect(deleted.status).toBe(303)
    const services = (await (await visitor('/api/services')).json()) as { id: number }[]
    expect(services.map((service) => service.id)).not.toContain(2)
    const name = (await Service.findOne({ id: 2 }).lean())!.name
    expect((await text(await visitor('/'))).includes(`>${name}</h3>`)).toBe(false)
    expect((await postForm('/admin/content/services/2/restore')).status).toBe(303)
    const back = (await (await visitor('/api/services')).json()) as { id: number }[]
    expect(back.map((service) => service.id)).toContain(2)
  })

  it('deletes through the API the same undoable way', async () => {
    const { id } = await articleForm('mobile-device-management')
    expect((await asStaff(`/api/admin/news/${id}`, { method: 'DELETE' })).status).toBe(204)
    expect((await visitor('/news/mobile-device-management')).status).toBe(404)
    expect((await NewsArticle.findOne({ id }).lean())?.deletedAt).toBeInstanceOf(Date)
    expect((await postForm(`/admin/content/news/${id}/restore`)).status).toBe(303)
  })

  it('purges what was deleted more than 30 days ago, and keeps what is younger', async () => {
    const old = await articleForm('stay-ahead-phishers')
    const recent = await articleForm('ftc-safeguards-rule')
    const day = 24 * 60 * 60 * 1000
    await NewsArticle.updateOne({ id: old.id }, { $set: { deletedAt: new Date(Date.now() - 31 * day) } })
    await NewsArticle.updateOne({ id: recent.id }, { $set: { deletedAt: new Date(Date.now() - 29 * day) } })
    expect(await purgeDeletedContent()).toBe(1)
    expect(await NewsArticle.exists({ id: old.id })).toBeNull()
    expect(await NewsArticle.exists({ id: recent.id })).not.toBeNull()
    expect((await postForm(`/admin/content/news/${recent.id}/restore`)).status).toBe(303)
    expect((await visitor('/news/ftc-safeguards-rule')).status).toBe(200)
  })

  it('refuses an id that is not a number and a record that is not deleted', async () => {
    expect((await postForm('/admin/content/news/abc/delete')).status).toBe(404)
    expect((await postForm('/admin/content/news/99999/restore')).headers.get('location')).toBe('/admin/content/news/deleted')
  })
})
