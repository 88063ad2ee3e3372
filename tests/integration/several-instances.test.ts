import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OutboxAttempt } from '#app/integrations/mail/outbox-attempt-model.server'
import { OutboxMessage } from '#app/integrations/mail/outbox-model.server'
import { deliverDueOutboxMessages, type OutboxSettings } from '#app/integrations/mail/outbox.server'
import { type AppServer, startAppServer } from '#tests/support/app-server'
import { setupTestDatabase } from '#tests/support/database'
import { startSmtpReceiver, startWebhookReceiver, waitFor } from '#tests/support/receivers'
import { openEventStream } from '#tests/support/event-stream'
import { signInOverHttp } from '#tests/support/staff-session'

// Two built servers against one database, as behind a load balancer: what one instance saves,
// counts or signs in holds on the other, and each staff notification goes out once.

const mongodbUri = setupTestDatabase('several_instances')
const STAFF = { username: 'owner', password: 'a shared admin passphrase' }
const CONTACT_TO = 'staff@roswell.test'
const MAIL_FROM = 'Website <no-reply@roswell.test>'

let a: AppServer
let b: AppServer
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>
let teams: Awaited<ReturnType<typeof startWebhookReceiver>>
let settings: OutboxSettings

beforeAll(async () => {
  smtp = await startSmtpReceiver()
  teams = await startWebhookReceiver()
  settings = { mail: { smtpUrl: smtp.url, to: CONTACT_TO, from: MAIL_FROM }, teamsWebhookUrl: teams.url }
  const env = {
    SMTP_URL: smtp.url,
    CONTACT_TO,
    MAIL_FROM,
    TEAMS_WEBHOOK_URL: teams.url,
    TRUST_PROXY: '1',
    ADMIN_USERNAME: STAFF.username,
    ADMIN_PASSWORD: STAFF.password,
    // The instances behind one balancer share the signing secret (REQUIRE_SECRETS demands it).
    SESSION_SECRET: 'one session secret shared by every instance',
    // Support always staffed: "online" depends only on a staff page being open, whatever the hour.
    SUPPORT_HOURS: 'always',
  }
  // Started together on an empty database, as in a deploy: both seed the catalogue and set up the account.
  // allSettled: when one fails to start, the other is still kept so afterAll stops it.
  const started = await Promise.allSettled([startAppServer({ mongodbUri, env }), startAppServer({ mongodbUri, env })])
  ;[a, b] = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined)) as [AppServer, AppServer]
  const failed = started.find((result) => result.status === 'rejected')
  if (failed) throw failed.reason
})

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  await smtp?.stop()
  await teams?.stop()
})

function post(server: AppServer, path: string, body: unknown, ip: string) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify(body),
  })
}

describe('two instances against one database', () => {
  it('deliver each notification once, however many instances try it at the same moment', async () => {
    const count = 8
    // Every first attempt is refused by the mail server, so all eight wait for a retry.
    smtp.refuseNext('Instance Enquiry', count)
    const contacts: string[] = []
    for (let i = 0; i < count; i++) {
      const response = await post(
        i % 2 ? b : a,
        '/api/contact',
        {
          name: `Instance Enquiry ${i}`,
          email: `visitor${i}@example.com`,
          message: `Enquiry ${i} sent through instance ${i % 2 ? 'B' : 'A'}.`,
        },
        `192.0.2.${10 + i}`,
      )
      expect(response.status).toBe(201)
      contacts.push(((await response.json()) as { contact: { id: string } }).contact.id)
    }
    await waitFor(async () => (await OutboxMessage.countDocuments({ channel: 'email', status: 'pending', attempts: 1 })) === count)

    // Four delivery loops at once (this process standing in for more instances), with both
    // servers running theirs: claims collide on every message.
    const later = new Date(Date.now() + 60 * 60 * 1000)
    const runs = await Promise.all(Array.from({ length: 4 }, () => deliverDueOutboxMessages(settings, later)))
    expect(runs.flat().filter((outcome) => outcome === 'sent')).toHaveLength(count)

    for (const [i, id] of contacts.entries()) {
      const mails = smtp.received.filter((mail) => mail.text.includes(`Instance Enquiry ${i}`))
      expect(mails, `enquiry ${i} was e-mailed ${mails.length} times`).toHaveLength(1)
      const message = await OutboxMessage.findOne({ subject: `contact:${id}` }).lean()
      expect(message).toMatchObject({ status: 'sent', attempts: 2 })
      // The Message-ID comes from the outbox id: a second copy would be recognisable.
      expect(mails[0]!.headers).toMatch(new RegExp(`^Message-ID: <outbox\\.${String(message!._id)}@roswell\\.test>`, 'mi'))
      expect(await OutboxAttempt.find({ message: message!._id }).sort({ attempt: 1 }).lean()).toMatchObject([
        { attempt: 1, outcome: 'failed' },
        { attempt: 2, outcome: 'sent' },
      ])
    }
  })

  it('deliver each chat card once, whichever instance received the message', async () => {
    for (let i = 0; i < 4; i++) {
      const response = await post(i % 2 ? b : a, '/api/teams-chat', { message: `Instance chat ${i} needs help.` }, `192.0.2.${40 + i}`)
      expect(response.status).toBe(200)
    }
    await waitFor(async () => (await OutboxMessage.countDocuments({ channel: 'teams', status: 'sent' })) === 4)
    await deliverDueOutboxMessages(settings, new Date(Date.now() + 60 * 60 * 1000))
    for (let i = 0; i < 4; i++)
      expect(teams.received.filter((card) => JSON.stringify(card.body).includes(`Instance chat ${i}`))).toHaveLength(1)
  })

  it('accept a sign-in made on one on the other, and end it on both at logout', async () => {
    const session = await signInOverHttp(a.url, STAFF)
    const dashboard = await fetch(`${b.url}/admin`, { headers: { Cookie: session }, redirect: 'manual' })
    expect(dashboard.status).toBe(200)
    expect(await dashboard.text()).toContain('Admin Dashboard')

    const logout = await fetch(`${b.url}/logout`, { method: 'POST', headers: { Cookie: session }, redirect: 'manual' })
    expect(logout.status).toBe(303)
    const after = await fetch(`${a.url}/admin`, { headers: { Cookie: session }, redirect: 'manual' })
    expect(after.status).toBe(302)
    expect(after.headers.get('location')).toMatch(/^\/admin-login/)
  })

  it('count a rate limit across both', async () => {
    const ip = '198.51.100.77'
    const enquiry = (n: number) => ({ name: 'Shared Limit', email: 'limit@example.com', message: `Enquiry ${n} across two instances.` })
    const statuses: number[] = []
    for (let n = 0; n < 7; n++) statuses.push((await post(n % 2 ? b : a, '/api/contact', enquiry(n), ip)).status)
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429])
  })

  it('carry the live chat across instances: a reply saved on one reaches a visitor connected to the other within 2 s', async () => {
    const first = await post(
      a,
      '/api/teams-chat',
      { message: 'Connected to A', name: 'Two Instance', email: 'two@example.com' },
      '192.0.2.90',
    )
    const visitorCookie = first.headers.get('Set-Cookie')!.split(';')[0]!
    const staffCookie = await signInOverHttp(b.url, STAFF)
    const visitor = await openEventStream(`${a.url}/api/chat/events`, { Cookie: visitorCookie })
    const staff = await openEventStream(`${b.url}/api/admin/chats/events`, { Cookie: staffCookie })
    await visitor.next('status')

    // Staff present on B: the visitor's instance A says so.
    await waitFor(
      async () =>
        ((await (await fetch(`${a.url}/api/chat/messages`, { headers: { Cookie: visitorCookie } })).json()) as { online: boolean }).online,
    )

    // The visitor writes on A; staff connected to B see it (the feed polls the database).
    const withCookie = await fetch(`${a.url}/api/teams-chat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '192.0.2.91', Cookie: visitorCookie },
      body: JSON.stringify({ message: 'Still there, B?' }),
    })
    expect(withCookie.status).toBe(200)
    let seenByStaff = await staff.next('message', 3000)
    while ((seenByStaff.json() as { text: string }).text !== 'Still there, B?') seenByStaff = await staff.next('message', 3000)
    const { conversationId } = seenByStaff.json() as { conversationId: string }

    const sentAt = Date.now()
    const reply = await fetch(`${b.url}/api/admin/chats/${conversationId}/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: staffCookie },
      body: JSON.stringify({ text: 'Answered from B' }),
    })
    expect(reply.status).toBe(201)
    let event = await visitor.next('message', 2000)
    while ((event.json() as { from: string }).from !== 'staff') event = await visitor.next('message', 2000)
    // The account has no display name, and its username is a role name: visitors see the team's name.
    expect(event.json()).toMatchObject({ from: 'staff', text: 'Answered from B', staffName: 'Support team' })
    expect(event.receivedAt - sentAt).toBeLessThan(2000)
    visitor.close()
    staff.close()
  })
})
