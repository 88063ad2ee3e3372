import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Contact } from '#app/enquiries/contact-model.server'
import { Plan } from '#app/catalogue/catalogue-model.server'
import { type AppServer, startAppServer } from '#tests/support/app-server'
import { setupTestDatabase } from '#tests/support/database'

const mongodbUri = setupTestDatabase('plan_request')
let server: AppServer
let ip = 0
const visitor = () => `203.0.113.${++ip}`

beforeAll(async () => {
  // No Stripe keys: card payments are off, the local default.
  server = await startAppServer({ mongodbUri, env: { TRUST_PROXY: '1' } })
})
afterAll(() => server?.stop())

async function honeypotFields() {
  const html = await (await fetch(`${server.url}/checkout/2`)).text()
  const validFrom = /<input[^>]*name="from__confirm"[^>]*>/.exec(html)?.[0]
  const value = validFrom && /value="([^"]*)"/.exec(validFrom)?.[1]
  if (!value) throw new Error('checkout has no honeypot fields')
  return { name__confirm: '', from__confirm: value }
}

const choices = { intent: 'request-plan', plan: '2', microsoft365: 'business_standard', ms365_users: '12', cloud_backup: 'true' }

function post(fields: Record<string, string>, from = visitor()) {
  return fetch(`${server.url}/checkout/2`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'X-Forwarded-For': from },
    body: new URLSearchParams(fields),
  })
}

describe('checkout with card payments off', () => {
  it('offers Request this plan and a tap-to-call link instead of the card step', async () => {
    const html = await (await fetch(`${server.url}/checkout/2?microsoft365=business_standard&ms365_users=12`)).text()
    expect(html).toContain('Request this plan')
    expect(html).toMatch(/href="tel:\+1\d{10}"/)
    expect(html).not.toContain('Proceed to Checkout')
  })

  it('sends the configured plan, option, users and backup as an enquiry, priced by the server', async () => {
    const plan = await Plan.findOne({ id: 2 }).lean()
    const response = await post({
      ...(await honeypotFields()),
      ...choices,
      name: 'Riley Request',
      email: 'riley@example.com',
      phone: '(770) 555-0100',
      note: 'Two offices',
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/checkout/2?microsoft365=business_standard&ms365_users=12&cloud_backup=true')
    expect(response.headers.get('Set-Cookie')).toMatch(/en_toast=/)
    const saved = await Contact.findOne({ email: 'riley@example.com' }).lean()
    expect(saved).toMatchObject({ name: 'Riley Request', phone: '(770) 555-0100', service: 'managed-it' })
    expect(saved?.message).toContain(`${plan!.name} Plan`)
    expect(saved?.message).toContain('Microsoft 365: Microsoft 365 Business Standard for 12 users.')
    expect(saved?.message).toContain('Cloud backup: yes, for 12 users.')
    expect(saved?.message).toMatch(/Monthly total: \$[\d,]+\.\d{2}\./)
    expect(saved?.message).toContain('Two offices')
  })

  it('refuses bad details beside their fields, a missing spam trap, an oversized note, and a flood', async () => {
    const trap = await honeypotFields()
    const bad = await post({ ...trap, ...choices, name: 'R', email: 'not-an-email' })
    expect(bad.status).toBe(400)
    const html = await bad.text()
    expect(html).toContain('Name must be at least 2 characters')
    expect(html).toContain('Please enter a valid email address')
    expect((await post({ ...choices, name: 'No Trap', email: 'trap@example.com' })).status).toBe(400)
    expect((await post({ ...trap, ...choices, name: 'Long Note', email: 'long@example.com', note: 'x'.repeat(1001) })).status).toBe(400)
    expect((await post({ ...trap, ...choices, ms365_users: '5000', name: 'Too Many', email: 'many@example.com' })).status).toBe(400)
    expect(await Contact.countDocuments({ email: { $in: ['trap@example.com', 'long@example.com', 'many@example.com'] } })).toBe(0)
    const from = visitor()
    const statuses: number[] = []
    for (let i = 0; i < 6; i++)
      statuses.push((await post({ ...trap, ...choices, name: `Flood ${i}`, email: `flood${i}@example.com` }, from)).status)
    expect(statuses).toEqual([303, 303, 303, 303, 303, 429])
  })
})
