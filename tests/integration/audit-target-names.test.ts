import { describe, expect, it } from 'vitest'
import mongoose, { Types } from 'mongoose'
import { listAuditEvents, recordAudit } from '#app/staff/audit.server'
import { contextFor } from '#app/lib/http/request-context'
import { User } from '#app/staff/user-model.server'
import { Order } from '#app/orders/order-model.server'
import { Contact } from '#app/enquiries/contact-model.server'
import { ChatConversation } from '#app/chat/chat-model.server'
import { Plan } from '#app/catalogue/catalogue-model.server'
import { setupTestDatabase } from '#tests/support/database'

setupTestDatabase('audit_names')

const context = contextFor({ cspNonce: undefined, clientIp: '203.0.113.9', requestId: 'req-names' })
const owner = { id: '6566c0ffee0000000000abcd', username: 'olivia' }

async function audit(targets: string[]) {
  for (const target of targets) await recordAudit({ actor: owner, kind: 'account', action: 'changed', target, context })
}

/** The queries each collection answers while `run` runs. */
async function queriesDuring(run: () => Promise<unknown>) {
  const counts = new Map<string, number>()
  mongoose.set('debug', (collection: string) => counts.set(collection, (counts.get(collection) ?? 0) + 1))
  try {
    await run()
  } finally {
    mongoose.set('debug', false)
  }
  return counts
}

describe('the audit trail’s target column', () => {
  it('names people and records as staff read them, links to their pages, and says only the kind of what is gone', async () => {
    const user = await User.collection.insertOne({
      username: 'dana',
      name: 'Dana Diaz',
      role: 'staff',
      passwordHash: 'x',
      createdAt: new Date(),
    })
    const order = await Order.create({ name: 'Casey Buyer', email: 'casey@example.com', planId: 1, amount: 129 })
    const erasedOrder = await Order.create({ name: 'Erin Erased', email: 'erin@example.com', planId: 1, amount: 1199 })
    await Order.updateOne({ _id: erasedOrder._id }, { $unset: { name: 1, email: 1 } })
    const enquiry = await Contact.create({ name: 'Jane Doe', email: 'jane@example.com', message: 'Backups please' })
    const chat = await ChatConversation.create({ visitorId: 'visitor-sam', name: 'Sam', status: 'open' })
    const nameless = await ChatConversation.create({ visitorId: 'visitor-anon', status: 'open' })
    const gone = () => new Types.ObjectId().toString()
    const [goneUser, goneEnquiry, goneChat] = [gone(), gone(), gone()]
    await Plan.collection.insertMany([
      { id: 901, name: 'Essentials', price: 99 },
      { id: 902, name: 'Retired', price: 9, deletedAt: new Date() },
    ])
    const ids = { user: String(user.insertedId), order: String(order._id), erased: String(erasedOrder._id) }
    await audit([
      `user:${ids.user}`,
      `order:${ids.order}`,
      `order:${ids.erased}`,
      `contact:${String(enquiry._id)}`,
      `chat:${String(chat._id)}`,
      `chat:${String(nameless._id)}`,
      `user:${goneUser}`,
      `contact:${goneEnquiry}`,
      `chat:${goneChat}`,
      'plan:901',
      'plan:902',
      'settings:staff',
    ])
    const { events } = await listAuditEvents({})
    expect(events.map(({ targetLabel, targetHref }) => [targetLabel, targetHref]).reverse()).toEqual([
      ['Dana Diaz (dana)', '/admin/staff'],
      ['Order from Casey Buyer ($129.00)', `/admin/orders/${ids.order}`],
      ['An order of $1,199.00 (buyer’s details erased)', `/admin/orders/${ids.erased}`],
      ['Enquiry from Jane Doe', `/admin/enquiries/${String(enquiry._id)}`],
      ['Chat with Sam', `/admin/chats/${String(chat._id)}`],
      ['Chat with a visitor', `/admin/chats/${String(nameless._id)}`],
      ['A removed staff account', null],
      ['An erased or deleted enquiry', null],
      ['An erased or deleted chat', null],
      ['Plan “Essentials”', '/admin/content/plans/901'],
      ['Plan “Retired” (deleted)', null],
      ['settings:staff', null],
    ])
  })

  it('reads the names of a page in one query per kind, not one per row', async () => {
    const enquiries = await Contact.insertMany(
      ['Ann', 'Ben', 'Cal', 'Dee'].map((name) => ({ name: `${name} Batch`, email: `${name.toLowerCase()}@example.com`, message: 'Hi' })),
    )
    const chats = await ChatConversation.insertMany(
      ['Eve', 'Fay', 'Gus'].map((name) => ({ visitorId: `visitor-${name}`, name, status: 'open' })),
    )
    await audit([...enquiries.map((doc) => `contact:${String(doc._id)}`), ...chats.map((doc) => `chat:${String(doc._id)}`)])
    const counts = await queriesDuring(() => listAuditEvents({}))
    expect(counts.get(Contact.collection.collectionName)).toBe(1)
    expect(counts.get(ChatConversation.collection.collectionName)).toBe(1)
  })
})
