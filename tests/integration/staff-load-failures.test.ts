import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Contact } from '#app/enquiries/contact-model.server'
import { writeRollupsFor } from '#app/analytics/access-rollup.server'
import { type AppServer, startAppServer } from '#tests/support/app-server'
import { type DatabaseProxy, startDatabaseProxy } from '#tests/support/database-proxy'
import { setupTestDatabase } from '#tests/support/database'
import { signInOverHttp } from '#tests/support/staff-session'
import { DATABASE_UNAVAILABLE_MESSAGE } from '#app/lib/http/failure-messages'

// The staff pages' own failure states, rendered by the server (no JavaScript): the session check
// succeeds, then the page's data queries meet a real network failure. The built server reaches
// the database through a proxy that cuts any connection carrying a command on the named
// collections, so the staff session (adminsessions) still reads while the page's data does not.
const mongodbUri = setupTestDatabase('staff_load_failures')

const PREVIEW_NOTICE =
  'This is a preview with sample data: the contacts endpoint is not yet available. Contact form submissions are still being saved.'
const CONNECTION_BANNER = 'Error connecting to server'

let proxy: DatabaseProxy
let server: AppServer
let cookie = ''

beforeAll(async () => {
  proxy = await startDatabaseProxy(mongodbUri)
  server = await startAppServer({ mongodbUri: proxy.uri })
  cookie = await signInOverHttp(server.url)
  await Contact.create({ name: 'Morgan Ellis', email: 'morgan@example.com', message: 'Please call me about managed backups.' })
  // Totals for the analytics tab and the latest lines for the raw tab, as the server's log writer keeps them.
  await writeRollupsFor([
    { timestamp: new Date(), method: 'GET', path: '/load-failure-raw', status: 200, responseTimeMs: 4, visitorKey: 'k1' },
  ])
})
afterAll(async () => {
  await server?.stop()
  await proxy?.stop()
})

async function staffPage(path: string) {
  const response = await fetch(`${server.url}${path}`, { headers: { Cookie: cookie }, redirect: 'manual' })
  return { status: response.status, html: (await response.text()).replaceAll('<!-- -->', '') }
}

/** Runs the work while every connection carrying a command on these collections is cut. */
async function whileSevered<T>(collections: string[], work: () => Promise<T>): Promise<T> {
  proxy.sever(collections)
  try {
    return await work()
  } finally {
    proxy.restore()
  }
}

describe('the staff session check', () => {
  it('is read once for a page, though the staff frame and the page each ask for it', async () => {
    const sessionReads = proxy.count('adminsessions')
    const page = await staffPage('/admin')
    expect(page.status).toBe(200)
    expect(sessionReads()).toBe(1)
  })

  it('says the system is briefly unavailable when the session cannot be read, and does not sign staff out', async () => {
    const failed = await whileSevered(['adminsessions'], () => staffPage('/admin'))
    expect(failed.status).toBe(503)
    expect(failed.html).toContain('We are briefly unavailable')
    expect(failed.html).toContain(DATABASE_UNAVAILABLE_MESSAGE)
    expect(failed.html).not.toContain('Something went wrong')
    const recovered = await staffPage('/admin')
    expect(recovered.status).toBe(200)
    expect(recovered.html).toContain('Morgan Ellis')
  })
})

describe('the dashboard when its submissions cannot be loaded', () => {
  it('shows the preview notice and an empty list, then the submissions once the database answers again', async () => {
    const healthy = await staffPage('/admin')
    expect(healthy.status).toBe(200)
    expect(healthy.html).toContain('Morgan Ellis')
    expect(healthy.html).not.toContain(PREVIEW_NOTICE)

    const failed = await whileSevered(['contacts'], () => staffPage('/admin'))
    // Signed in (no redirect to the sign-in page), and told why the list is empty.
    expect(failed.status).toBe(503)
    expect(failed.html).toContain('Admin Dashboard')
    expect(failed.html).toContain(PREVIEW_NOTICE)
    expect(failed.html).toContain('No submissions found.')
    expect(failed.html).not.toContain('Morgan Ellis')

    const recovered = await staffPage('/admin')
    expect(recovered.status).toBe(200)
    expect(recovered.html).toContain('Morgan Ellis')
    expect(recovered.html).not.toContain(PREVIEW_NOTICE)
  })
})

describe('the access logs when their data cannot be loaded', () => {
  it.each([
    ['analytics', '/admin/logs', 'accesslogrollups', 'Total Requests'],
    ['raw logs', '/admin/logs?tab=raw', 'accesslogrecents', '/load-failure-raw'],
  ])('show the connection banner on the %s tab instead of the data, and the data once it answers', async (_tab, path, collection, data) => {
    const healthy = await staffPage(path)
    expect(healthy.status).toBe(200)
    expect(healthy.html).toContain(data)
    expect(healthy.html).not.toContain(CONNECTION_BANNER)

    const failed = await whileSevered([collection], () => staffPage(path))
    expect(failed.status).toBe(503)
    expect(failed.html).toContain('Access Logs')
    expect(failed.html).toMatch(new RegExp(`role="alert"[^>]*>${CONNECTION_BANNER}<`))
    expect(failed.html).not.toContain(data)

    const recovered = await staffPage(path)
    expect(recovered.status).toBe(200)
    expect(recovered.html).toContain(data)
    expect(recovered.html).not.toContain(CONNECTION_BANNER)
  })

  it('answer the JSON API with success false and a readable message meanwhile', async () => {
    const response = await whileSevered(['accesslogrollups'], () =>
      fetch(`${server.url}/api/admin/logs/analytics`, { headers: { Cookie: cookie } }),
    )
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ success: false, message: expect.stringMatching(/temporarily unavailable/) })
  })
})
