import { describe, expect, it } from 'vitest'
import { listChatTranscripts, TRANSCRIPT_MESSAGES_SHOWN } from '#app/admin/enquiries.server'
import { MAX_MESSAGES_PER_CONVERSATION, receiveChatMessage } from '#app/chat/receive-chat.server'
import { ChatConversation } from '#app/models/chat.server'
import { setupTestDatabase } from '#tests/support/database'

setupTestDatabase('chat_bounds')

describe('support chat storage', () => {
  it('keeps the newest 200 messages of a conversation, and the dashboard loads the newest 50 of each', async () => {
    const visitorId = '00000000-0000-4000-8000-000000000001'
    // Each message stores the visitor's words and the automatic reply: 110 messages are 220 entries.
    for (let i = 0; i < 110; i++) await receiveChatMessage(visitorId, { message: `Message number ${i}` })
    const stored = (await ChatConversation.findOne({ visitorId }).lean())!
    expect(stored.messages).toHaveLength(MAX_MESSAGES_PER_CONVERSATION)
    expect(stored.messages.at(-2)?.content).toBe('Message number 109')
    expect(stored.messages[0]?.content).toBe('Message number 10')

    const [transcript] = await listChatTranscripts()
    expect(transcript?.messages).toHaveLength(TRANSCRIPT_MESSAGES_SHOWN)
    expect(transcript?.earlierMessages).toBe(MAX_MESSAGES_PER_CONVERSATION - TRANSCRIPT_MESSAGES_SHOWN)
    expect(transcript?.messages.at(-2)?.content).toBe('Message number 109')
  }, 120_000)
})
