import { Types } from 'mongoose'
import { describe, expect, it } from 'vitest'
import { ChatConversation, ChatResumeToken, ConversationMessage } from '#app/chat/chat-model.server'
import { Contact } from '#app/enquiries/contact-model.server'
import { OutboxAttempt } from '#app/integrations/mail/outbox-attempt-model.server'
import { OutboxMessage } from '#app/integrations/mail/outbox-model.server'
import { applyRetention } from '#app/privacy/retention.server'
import { backgroundJobs } from '#app/server/startup.server'
import { setupTestDatabase } from '#tests/support/database'

// Nothing kept longer than the privacy policy says: the daily job deletes what is past its
// period, and only that.

setupTestDatabase('privacy_retention')

const DAY = 24 * 60 * 60 * 1000
const now = new Date(Date.UTC(2026, 5, 1, 3, 0))
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY)

async function conversationWithMessages(label: string, lastActivity: Date) {
  const conversation = await ChatConversation.create({
    visitorId: `visitor-${label}`,
    name: label,
    createdAt: lastActivity,
    updatedAt: lastActivity,
    lastSeq: 2,
  })
  await ConversationMessage.insertMany([
    { conversationId: conversation._id, seq: 1, from: 'visitor', text: `${label} asks`, at: lastActivity },
    { conversationId: conversation._id, seq: 2, from: 'staff', text: `${label} answered`, at: lastActivity },
  ])
  await ChatResumeToken.create({
    _id: `token-${label}`,
    conversationId: conversation._id,
    expiresAt: new Date(lastActivity.getTime() + 14 * DAY),
  })
  return conversation._id
}

describe('the retention job', () => {
  it('runs once a day, by lease', () => {
    expect(backgroundJobs.find((job) => job.name === 'privacy-retention')).toMatchObject({ everyMs: DAY })
  })

  it('deletes enquiries, chats after their last message and delivered outbox messages past their period, and nothing newer', async () => {
    await Contact.insertMany([
      { name: 'Old', email: 'old@example.com', message: 'Two years and a day ago', createdAt: daysAgo(731) },
      { name: 'Kept', email: 'kept@example.com', message: 'Just inside two years', createdAt: daysAgo(729) },
    ])
    const oldChat = await conversationWithMessages('old-chat', daysAgo(366))
    const keptChat = await conversationWithMessages('kept-chat', daysAgo(364))

    const mail = { subject: 's', text: 't' }
    const [oldSent, keptSent, pending, oldFailed] = await OutboxMessage.insertMany([
      { channel: 'email', subject: 'contact:old', payload: mail, status: 'sent', sentAt: daysAgo(31), createdAt: daysAgo(31) },
      { channel: 'email', subject: 'contact:kept', payload: mail, status: 'sent', sentAt: daysAgo(29), createdAt: daysAgo(29) },
      // Not delivered yet: kept while it is waiting, however old (until the enquiry's own period).
      { channel: 'teams', subject: 'chat:held', payload: mail, status: 'held', createdAt: daysAgo(60) },
      { channel: 'email', subject: 'contact:failed', payload: mail, status: 'failed', createdAt: daysAgo(40) },
    ])
    await OutboxAttempt.insertMany([
      { _id: `${String(oldSent!._id)}:1`, message: oldSent!._id, attempt: 1, instance: 'i', startedAt: daysAgo(31), outcome: 'sent' },
      { _id: `${String(keptSent!._id)}:1`, message: keptSent!._id, attempt: 1, instance: 'i', startedAt: daysAgo(29), outcome: 'sent' },
    ])

    const outcome = await applyRetention({ enquiryDays: 730, chatDays: 365 }, now)
    expect(outcome).toEqual({ enquiries: 1, conversations: 1, messages: 2, outbox: 2 })

    expect((await Contact.find({}).lean()).map((contact) => contact.name)).toEqual(['Kept'])
    expect(await ChatConversation.exists({ _id: oldChat })).toBeNull()
    expect(await ConversationMessage.countDocuments({ conversationId: oldChat })).toBe(0)
    expect(await ChatResumeToken.countDocuments({ conversationId: oldChat })).toBe(0)
    expect(await ChatConversation.exists({ _id: keptChat })).not.toBeNull()
    expect(await ConversationMessage.countDocuments({ conversationId: keptChat })).toBe(2)
    expect(await ChatResumeToken.countDocuments({ conversationId: keptChat })).toBe(1)
    const left = (await OutboxMessage.find({}).lean()).map((message) => String(message._id)).sort()
    expect(left).toEqual([String(keptSent!._id), String(pending!._id)].sort())
    expect(await OutboxMessage.exists({ _id: oldFailed!._id })).toBeNull()
    expect((await OutboxAttempt.find({}).lean()).map((attempt) => attempt._id)).toEqual([`${String(keptSent!._id)}:1`])

    // Run again: nothing more to do.
    expect(await applyRetention({ enquiryDays: 730, chatDays: 365 }, now)).toEqual({
      enquiries: 0,
      conversations: 0,
      messages: 0,
      outbox: 0,
    })
  })

  it('follows the configured periods, deletes in batches, and stops between batches when its lease ends', async () => {
    await Contact.deleteMany({})
    await ChatConversation.deleteMany({})
    await Contact.insertMany(
      Array.from({ length: 40 }, (_, i) => ({
        name: `E${i}`,
        email: `e${i}@example.com`,
        message: 'An old enquiry',
        createdAt: daysAgo(100 + i),
      })),
    )
    const ids = await Promise.all(Array.from({ length: 3 }, (_, i) => conversationWithMessages(`c${i}`, daysAgo(40))))
    // Shorter periods than the defaults: 90 days for enquiries, 30 for chats.
    const stopped = new AbortController()
    stopped.abort()
    expect(await applyRetention({ enquiryDays: 90, chatDays: 30 }, now, stopped.signal)).toMatchObject({ conversations: 0 })
    expect(await ChatConversation.countDocuments({ _id: { $in: ids } })).toBe(3)

    expect(await applyRetention({ enquiryDays: 90, chatDays: 30 }, now)).toMatchObject({ conversations: 3, messages: 6 })
    expect(await Contact.countDocuments()).toBe(0)
    expect(await ChatConversation.countDocuments({ _id: { $in: ids } })).toBe(0)
    expect(await ConversationMessage.countDocuments({ conversationId: { $in: ids.map((id) => new Types.ObjectId(String(id))) } })).toBe(0)
  })
})
