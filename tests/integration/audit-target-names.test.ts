import { describe, expect, it } from 'vitest'
import { Types } from 'mongoose'
import { listAuditEvents, recordAudit } from '#app/staff/audit.server'
import { contextFor } from '#app/lib/http/request-context'
import { User } from '#app/staff/user-model.server'
import { Order } from '#app/orders/order-model.server'
import { setupTestDatabase } from '#tests/support/database'

setupTestDatabase('audit_names')

const context = contextFor({ cspNonce: undefined, clientIp: '203.0.113.9', requestId: 'req-names' })
const owner = { id: '6566c0ffee0000000000abcd', username: 'olivia' }

describe('the audit trail’s target column', () => {
  it('names people and records instead of showing their ids, and keeps the id of what is gone', async () => {
    const user = await User.collection.insertOne({
      username: 'dana',
      name: 'Dana Diaz',
      role: 'staff',
      passwordHash: 'x',
      createdAt: new Date(),
    })
    const order = await Order.create({ name: 'Casey Buyer', email: 'casey@example.com', planId: 1, amount: 299 })
    const gone = new Types.ObjectId().toString()
    for (const target of [`user:${String(user.insertedId)}`, `order:${String(order._id)}`, `user:${gone}`, 'settings:staff'])
      await recordAudit({ actor: owner, kind: 'account', action: 'changed', target, context })
    const { events } = await listAuditEvents({})
    expect(events.map((event) => event.targetLabel).reverse()).toEqual([
      'Dana Diaz (dana)',
      'Order from Casey Buyer',
      `user:${gone}`,
      'settings:staff',
    ])
  })
})
