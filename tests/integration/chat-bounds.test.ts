import { describe, expect, it } from 'vitest'
import { listChatTranscripts, TRANSCRIPT_MESSAGES_SHOWN } from '#app/chat/staff-transcripts.server'
import { feedEntry, feedHead, moveEmbeddedChatMessages, TRANSCRIPT_LIMIT, transcript } from '#app/chat/conversations.server'
import { receiveChatMessage } from '#app/chat/receive-chat.server'
import { ChatConversation, ConversationMessage } from '#app/chat/chat-model.server'
import { setupTestDatabase } from '#tests/support/database'

setupTestDatabase('chat_bounds')

/**
 * The number of the feed's last entry, as an instance reading the feed finds it: the head is a hint
 * that may lag behind by the entries of writers that raced for it, so read on while entries exist.
 */
async function lastFeedEntry() {
  let last = await feedHead()
  while (await feedEntry(last + 1)) last++
  return last
}

describe('support chat storage', () => {
  it('keeps each message as a document of its own, numbered in order; transcripts and the dashboard load a bounded slice', async () => {
    const visitorId = '00000000-0000-4000-8000-000000000001'
    await receiveChatMessage(visitorId, { message: 'Message number 0' })
    const { _id: conversationId } = (await ChatConversation.findOne({ visitorId }).lean())!
    // A long conversation's middle, stored as received messages are (numbers 3 to 201), in one
    // write instead of two hundred: the bounds are what is tested here, not the speed of sending.
    const at = new Date()
    await ConversationMessage.insertMany(
      Array.from({ length: 199 }, (_, i) => ({ conversationId, seq: 3 + i, from: 'visitor', text: `Message number ${i + 1}`, at })),
    )
    await ChatConversation.updateOne({ _id: conversationId }, { $max: { lastSeq: 201 } })
    // The newest ten arrive through the real path and are numbered after them.
    for (let i = 200; i < 210; i++) await receiveChatMessage(visitorId, { message: `Message number ${i}` })
    const conversation = (await ChatConversation.findOne({ visitorId }).lean())!
    // The first message is answered automatically; the others are stored as sent.
    expect(await ConversationMessage.countDocuments({ conversationId: conversation._id })).toBe(211)
    const shown = await transcript(conversation._id)
    expect(shown).toHaveLength(TRANSCRIPT_LIMIT)
    expect(shown.at(-1)).toMatchObject({ seq: 211, text: 'Message number 209' })
    expect(shown.map((message) => message.seq)).toEqual(shown.map((_, index) => 12 + index))

    const [listed] = await listChatTranscripts()
    expect(listed?.messages).toHaveLength(TRANSCRIPT_MESSAGES_SHOWN)
    expect(listed?.earlierMessages).toBe(211 - TRANSCRIPT_MESSAGES_SHOWN)
    expect(listed?.messages.at(-1)?.content).toBe('Message number 209')
  }, 60_000)

  it('numbers messages saved at once without gaps or twins', async () => {
    const visitorId = '00000000-0000-4000-8000-000000000002'
    await receiveChatMessage(visitorId, { message: 'first' })
    await Promise.all(Array.from({ length: 12 }, (_, i) => receiveChatMessage(visitorId, { message: `together ${i}` })))
    const conversation = (await ChatConversation.findOne({ visitorId }).lean())!
    const seqs = (await transcript(conversation._id)).map((message) => message.seq)
    expect(seqs).toEqual(Array.from({ length: 14 }, (_, i) => i + 1))
  }, 60_000)

  it('numbers the site-wide feed without holes or twins when messages of many conversations are saved at once', async () => {
    const before = await lastFeedEntry()
    await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        receiveChatMessage(`00000000-0000-4000-8000-1000000000${String(i).padStart(2, '0')}`, { message: `feed ${i}` }),
      ),
    )
    const after = await lastFeedEntry()
    expect(await feedHead()).toBeLessThanOrEqual(after)
    // Each first message is stored with its automatic reply: 32 entries.
    expect(after - before).toBe(32)
    const entries = await Promise.all(Array.from({ length: 32 }, (_, i) => feedEntry(before + 1 + i)))
    expect(entries.every(Boolean)).toBe(true)
    expect(new Set(entries.map((entry) => String(entry!._id))).size).toBe(32)
    expect(await feedEntry(after + 1)).toBeNull()
  }, 60_000)

  it('moves the messages of the first version (embedded, user/agent) into numbered messages at start-up', async () => {
    const { insertedId: _id } = await ChatConversation.collection.insertOne({
      visitorId: '00000000-0000-4000-8000-000000000003',
      status: 'open',
      staffReadSeq: 0,
      createdAt: new Date('2026-01-01'),
      updatedAt: new Date('2026-01-01'),
      messages: [
        { content: 'Old question', sender: 'user', timestamp: new Date('2026-01-01T10:00:00Z') },
        { content: 'Old automatic answer', sender: 'agent', timestamp: new Date('2026-01-01T10:00:00Z') },
      ],
    })
    expect(await moveEmbeddedChatMessages()).toBe(1)
    expect(await moveEmbeddedChatMessages()).toBe(0)
    expect((await transcript(_id)).map((message) => [message.seq, message.from, message.text])).toEqual([
      [1, 'visitor', 'Old question'],
      [2, 'system', 'Old automatic answer'],
    ])
    expect((await ChatConversation.findById(_id).lean())?.messages).toBeUndefined()
  })
})
