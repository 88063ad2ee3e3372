import { describe, expect, it } from 'vitest'
import { ChatConversation } from '#app/chat/chat-model.server'
import { chatsOfCustomer } from '#app/chat/customer-chats.server'
import { Contact } from '#app/enquiries/contact-model.server'
import { enquiriesOfCustomer } from '#app/enquiries/customer-enquiries.server'
import { setupTestDatabase } from '#tests/support/database'

// The order page's "the customer's enquiries and chats": matched by the whole address, whatever its case.
setupTestDatabase('customer_history')

describe('a customer’s enquiries and chats, by e-mail', () => {
  it('matches the address in any case, never a longer one, newest first and bounded', async () => {
    const start = Date.UTC(2026, 5, 1)
    await Contact.insertMany([
      ...Array.from({ length: 12 }, (_, i) => ({
        name: 'Bea Buyer',
        email: i % 2 ? 'Bea.Buyer@Example.com' : 'bea.buyer@example.com',
        message: `Enquiry number ${i}`,
        createdAt: new Date(start + i * 60_000),
      })),
      { name: 'Someone else', email: 'jim.bea.buyer@example.com', message: 'Not hers', createdAt: new Date(start + 3_600_000) },
      { name: 'Someone else', email: 'bea.buyer@example.com.evil', message: 'Not hers either', createdAt: new Date(start) },
    ])
    await ChatConversation.create([
      { visitorId: 'history-1', name: 'Bea', email: 'BEA.BUYER@EXAMPLE.COM', updatedAt: new Date(start + 1000) },
      { visitorId: 'history-2', name: 'Bea', email: 'bea.buyer@example.com', status: 'closed', updatedAt: new Date(start + 2000) },
      { visitorId: 'history-3', name: 'Jim', email: 'jim@example.com', updatedAt: new Date(start + 3000) },
    ])

    const enquiries = await enquiriesOfCustomer('Bea.Buyer@example.COM', 10)
    expect(enquiries.total).toBe(12)
    expect(enquiries.items).toHaveLength(10)
    expect(enquiries.items[0]).toMatchObject({ snippet: 'Enquiry number 11', status: 'new' })
    expect(enquiries.items.map((item) => item.snippet)).not.toContain('Not hers')

    const chats = await chatsOfCustomer('bea.buyer@example.com', 10)
    expect(chats.total).toBe(2)
    expect(chats.items.map((chat) => chat.status)).toEqual(['closed', 'open'])
  })

  it('reads an address with pattern characters literally, and an empty one as nobody', async () => {
    await Contact.create({ name: 'Dot', email: 'a1b@example.com', message: 'Mine' })
    expect((await enquiriesOfCustomer('a.b@example.com', 10)).total).toBe(0)
    expect((await enquiriesOfCustomer('.*', 10)).total).toBe(0)
    expect((await enquiriesOfCustomer('  ', 10)).total).toBe(0)
    expect((await chatsOfCustomer('.*', 10)).total).toBe(0)
  })
})
