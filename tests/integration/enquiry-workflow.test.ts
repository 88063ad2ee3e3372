import { Types } from 'mongoose'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { Contact } from '#app/enquiries/contact-model.server'
import { OutboxMessage } from '#app/integrations/mail/outbox-model.server'
import { AuditEvent } from '#app/staff/audit-event-model.server'
import { User } from '#app/staff/user-model.server'
import { contextFor } from '#app/lib/http/request-context'
import { ENQUIRY_REPLY_RATE_LIMIT, REPLY_RATE_LIMITED_MESSAGE } from '#app/enquiries/limits.server'
import { hitRateLimit } from '#app/lib/rate-limit/rate-limit.server'
import { setupTestDatabase } from '#tests/support/database'
import { untilBurstFitsInWindow } from '#tests/support/rate-limit-window'

// The enquiry workflow through its JSON API and its functions, against a real database. The staff
// guard is replaced by a signed-in account (the guard itself: tests/e2e/staff-auth.spec.ts).
const staffId = new Types.ObjectId()
vi.mock('#app/staff/require-admin.server', () => ({
  requireAdminApi: vi.fn(async () => ({ id: String(staffId), username: 'dana', role: 'staff', totpEnabled: true })),
  requireAdmin: vi.fn(async () => ({ id: String(staffId), username: 'dana', role: 'staff', totpEnabled: true })),
}))
vi.mock('#app/integrations/mail/outbox.server', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  deliverSoon: vi.fn(),
}))
const contacts = await import('#app/routes/api/admin/contacts')
const contact = await import('#app/routes/api/admin/contacts.$id')
const workflow = await import('#app/enquiries/enquiry-workflow.server')
const replyTask = await import('#app/routes/admin/enquiry-reply')
const enquiryTasks = {
  note: await import('#app/routes/admin/enquiry-note'),
  status: await import('#app/routes/admin/enquiry-status'),
  assign: await import('#app/routes/admin/enquiry-assign'),
  reply: replyTask,
}
const closeTask = await import('#app/routes/admin/enquiries-close')

setupTestDatabase('enquiry_workflow')

const context = contextFor({ cspNonce: '', clientIp: '127.0.0.1', requestId: 'test' })
let oldId = ''
let newId = ''

beforeAll(async () => {
  await User.create({ _id: staffId, username: 'dana', name: 'Dana Office', role: 'staff' })
  const [old, fresh] = await Contact.insertMany([
    // Saved before the workflow: no status.
    {
      name: 'Olga Old',
      email: 'olga@example.com',
      message: 'Stored before statuses existed.',
      createdAt: new Date(Date.UTC(2026, 0, 5, 15)),
    },
    { name: 'Nia New', email: 'nia@example.com', service: 'voip', message: 'New phones please', status: 'new', createdAt: new Date() },
  ])
  oldId = String(old!._id)
  newId = String(fresh!._id)
})

async function list(query = '') {
  const request = new Request(`http://localhost/api/admin/contacts${query}`)
  const response = await contacts.loader({ request, url: new URL(request.url), params: {}, pattern: '', context })
  return { response, body: (await response.json()) as Record<string, unknown>[] }
}

async function patch(id: string, body: unknown, raw?: string) {
  const request = new Request(`http://localhost/api/admin/contacts/${id}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: raw ?? JSON.stringify(body),
  })
  const response = await contact.action({ request, url: new URL(request.url), params: { id }, pattern: '', context })
  return { response, body: (await response.json()) as Record<string, unknown> }
}

describe('the enquiries API', () => {
  it('gives each item its status, assignee and notes; an enquiry stored before statuses reads as new', async () => {
    const { response, body } = await list()
    expect(response.status).toBe(200)
    expect(body.find((item) => item.id === oldId)).toMatchObject({ name: 'Olga Old', status: 'new', assignee: null, notes: [] })
  })

  it('changes status, owner and notes with PATCH, each in the audit trail, and filters by ?status=', async () => {
    const { response, body } = await patch(newId, { status: 'contacted', assignee: String(staffId), note: 'Called, sending a quote' })
    expect(response.status).toBe(200)
    expect(body).toMatchObject({ status: 'contacted', assignee: { id: String(staffId), name: 'Dana Office' } })
    expect(body.notes).toEqual([expect.objectContaining({ author: 'Dana Office', text: 'Called, sending a quote' })])
    const events = await AuditEvent.find({ target: `contact:${newId}` }).lean()
    expect(events.map((event) => event.action).sort()).toEqual(['added a note to enquiry', 'assigned enquiry', 'marked enquiry contacted'])

    const contacted = await list('?status=contacted')
    expect(contacted.body.map((item) => item.id)).toEqual([newId])
    const fresh = await list('?status=new')
    expect(fresh.body.map((item) => item.id)).toContain(oldId)
    expect(fresh.body.map((item) => item.id)).not.toContain(newId)
  })

  it('refuses hostile and mistaken changes with the right status', async () => {
    expect((await patch(newId, { status: 'archived' })).response.status).toBe(400)
    expect((await patch(newId, {})).response.status).toBe(400)
    expect((await patch(newId, { status: 'closed', role: 'owner' })).response.status).toBe(400)
    expect((await patch(newId, { note: 'x'.repeat(2001) })).response.status).toBe(400)
    expect((await patch(newId, { assignee: 'not-an-id' })).response.status).toBe(400)
    // An account that does not exist can't own an enquiry.
    expect((await patch(newId, { assignee: String(new Types.ObjectId()) })).response.status).toBe(400)
    expect((await patch(String(new Types.ObjectId()), { status: 'closed' })).response.status).toBe(404)
    expect((await patch(newId, null, '{"note": "' + 'a'.repeat(40_000) + '"}')).response.status).toBe(413)
    expect((await list('?status=bogus')).response.status).toBe(400)
    expect((await Contact.findById(newId).lean())?.status).toBe('contacted')
  })
})

describe('the enquiry workflow', () => {
  const by = { actor: { id: String(staffId), username: 'dana' }, context }

  it('queues a reply to the visitor, Reply-To the staff member, keeps it on the enquiry and marks it contacted', async () => {
    const done = await workflow.replyToEnquiry(
      oldId,
      { subject: 'Re: your enquiry', text: 'Hello Olga', replyTo: 'dana@roswell.example', markContacted: true },
      by,
    )
    expect(done.ok).toBe(true)
    const queued = await OutboxMessage.findOne({ subject: new RegExp(`^enquiry-reply:${oldId}:`) }).lean()
    expect(queued?.payload).toMatchObject({
      to: 'olga@example.com',
      replyTo: 'dana@roswell.example',
      subject: 'Re: your enquiry',
      text: 'Hello Olga',
    })
    const detail = await workflow.findEnquiry(oldId)
    expect(detail?.status).toBe('contacted')
    expect(detail?.replies).toEqual([expect.objectContaining({ author: 'Dana Office', subject: 'Re: your enquiry' })])
    expect((await User.findById(staffId).lean())?.email).toBe('dana@roswell.example')
  })

  it('refuses a reply over the limit with 400, sending nothing and giving back what was typed', async () => {
    const text = `Hello Nia,\n${'x'.repeat(10_000)}`
    const request = new Request(`http://localhost/admin/enquiries/${newId}/reply`, {
      method: 'POST',
      body: new URLSearchParams({ subject: 'Re: phones', text, replyTo: 'dana@roswell.example' }),
    })
    const answer = await replyTask.action({ request, url: new URL(request.url), params: { id: newId }, pattern: '', context })
    expect(answer).toMatchObject({ init: { status: 400 }, data: { result: { initialValue: { text, subject: 'Re: phones' } } } })
    expect(JSON.stringify(answer)).toContain('A reply is at most 10000 characters')
    expect(await OutboxMessage.countDocuments({ subject: new RegExp(`^enquiry-reply:${newId}:`) })).toBe(0)
    expect((await Contact.findById(newId).lean())?.replies ?? []).toEqual([])
  })

  it('refuses a reply past the hour’s limit of one account with 429, keeping the text and sending nothing', async () => {
    await untilBurstFitsInWindow(ENQUIRY_REPLY_RATE_LIMIT.windowMs, 30_000)
    // An hour's replies, taken through the limit the task takes (the tests above reply through the
    // workflow, not the task).
    let hits = 0
    while ((await hitRateLimit(ENQUIRY_REPLY_RATE_LIMIT, String(staffId))).allowed) hits += 1
    expect(hits).toBe(ENQUIRY_REPLY_RATE_LIMIT.limit)
    const text = 'One reply too many'
    const request = new Request(`http://localhost/admin/enquiries/${newId}/reply`, {
      method: 'POST',
      body: new URLSearchParams({ subject: 'Re: phones', text, replyTo: 'dana@roswell.example' }),
    })
    const answer = await replyTask.action({ request, url: new URL(request.url), params: { id: newId }, pattern: '', context })
    expect(answer).toMatchObject({
      init: { status: 429 },
      data: { result: { initialValue: { text }, error: { '': [REPLY_RATE_LIMITED_MESSAGE] } } },
    })
    expect(await OutboxMessage.countDocuments({ 'payload.text': text })).toBe(0)
    expect((await Contact.findById(newId).lean())?.replies ?? []).toEqual([])
  })

  it('answers a body that is not a form with the form’s own refusal, changing nothing', async () => {
    const before = await Contact.findById(newId).lean()
    const notAForm = (path: string) =>
      new Request(`http://localhost${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'multipart/form-data; boundary=nothing-here' },
        body: 'not multipart at all',
      })
    // A body that reads as no fields: an empty assignment would mean "nobody", so the field must be there.
    for (const [name, task] of Object.entries(enquiryTasks)) {
      const request = notAForm(`/admin/enquiries/${newId}/${name}`)
      const answer = await task.action({ request, url: new URL(request.url), params: { id: newId }, pattern: '', context })
      expect(answer, name).toMatchObject({ init: { status: 400 } })
    }
    const request = notAForm('/admin/enquiries/close')
    const answer = (await closeTask.action({ request, url: new URL(request.url), params: {}, pattern: '', context })) as Response
    expect(answer.status).toBe(303)
    expect(await Contact.findById(newId).lean()).toEqual(before)
  })

  it('closes the ticked enquiries at once, ignoring ids that are not enquiries', async () => {
    const closed = await workflow.closeEnquiries([oldId, newId, 'junk', String(new Types.ObjectId())], by)
    expect(closed).toBe(2)
    expect(await Contact.countDocuments({ _id: { $in: [oldId, newId] }, status: 'closed' })).toBe(2)
  })

  it('filters by service, owner and date range, and exports the same as CSV with formulas neutralised', async () => {
    await Contact.create({
      name: '=HYPERLINK("x")',
      email: 'eve@example.com',
      message: 'csv',
      service: 'cloud',
      status: 'new',
      createdAt: new Date(Date.UTC(2026, 0, 6, 15)),
    })
    const empty = { search: '', status: null, service: null, assignee: null, from: null, to: null }
    const cloud = await workflow.listEnquiries({ ...empty, service: 'cloud' })
    expect(cloud.enquiries.map((item) => item.email)).toEqual(['eve@example.com'])
    const owned = await workflow.listEnquiries({ ...empty, assignee: String(staffId) })
    expect(owned.enquiries.map((item) => item.id)).toEqual([newId])
    const january = await workflow.listEnquiries({ ...empty, from: '2026-01-05', to: '2026-01-06' })
    expect(january.enquiries.map((item) => item.name).sort()).toEqual(['=HYPERLINK("x")', 'Olga Old'])
    const csv = await workflow.enquiriesCsv({ ...empty, from: '2026-01-06', to: '2026-01-06' })
    expect(csv.split('\r\n')[0]).toBe(workflow.ENQUIRY_CSV_HEADER.join(','))
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`)
    expect(csv).not.toContain('Olga Old')
  })
})
