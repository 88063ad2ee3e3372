import { describe, expect, it } from 'vitest'
import { chatCard } from './teams.server'

type Card = {
  type: string
  attachments: { contentType: string; content: { type: string; version: string; body: Block[]; actions: unknown[] } }[]
}
type Block = { type: string; text?: string; inlines?: { type: string; text: string; weight?: string }[] }

const cardOf = (message: Parameters<typeof chatCard>[0]) => (chatCard(message) as unknown as Card).attachments[0]!
/** The visitor-supplied values, as the card's TextRuns carry them. */
const runs = (body: Block[]) => body.flatMap((block) => block.inlines ?? []).filter((run) => run.weight !== 'Bolder')

describe('the Teams card for a chat message', () => {
  it('is one Adaptive Card in the message shape Teams Workflows webhooks accept', () => {
    const attachment = cardOf({ message: 'Help', siteUrl: 'https://roswell.example' })
    expect(chatCard({ message: 'Help', siteUrl: 'https://roswell.example' })).toMatchObject({ type: 'message' })
    expect(attachment.contentType).toBe('application/vnd.microsoft.card.adaptive')
    expect(attachment.content).toMatchObject({ type: 'AdaptiveCard', version: '1.4' })
    expect(attachment.content.actions).toEqual([
      { type: 'Action.OpenUrl', title: 'Open the staff area', url: 'https://roswell.example/admin' },
    ])
  })

  it('links to the conversation when there is one', () => {
    const attachment = cardOf({
      message: 'Help',
      siteUrl: 'https://roswell.example',
      conversationUrl: 'https://roswell.example/admin/chats/abc',
    })
    expect(attachment.content.actions).toEqual([
      { type: 'Action.OpenUrl', title: 'Answer in the chat', url: 'https://roswell.example/admin/chats/abc' },
    ])
  })

  it('carries what the visitor typed only in TextRuns, which Teams never reads as Markdown', () => {
    const typed = '**bold** <img src=x onerror=alert(1)> [link](http://x.example)'
    const { content } = cardOf({
      name: '[Boss](http://evil.example)',
      email: 'a@b.example',
      message: typed,
      siteUrl: 'https://roswell.example',
    })
    expect(runs(content.body).map((run) => run.text)).toEqual([
      '[Boss](http://evil.example)',
      'a@b.example',
      'https://roswell.example',
      typed,
    ])
    // No TextBlock (which would render Markdown) holds anything the visitor sent.
    const textBlocks = content.body.filter((block) => block.type === 'TextBlock').map((block) => block.text)
    expect(textBlocks.join(' ')).not.toMatch(/bold|Boss|onerror/)
  })

  it('keeps line breaks: one block per line', () => {
    const { content } = cardOf({ message: 'line one\nline two', siteUrl: 'https://roswell.example' })
    expect(
      runs(content.body)
        .slice(-2)
        .map((run) => run.text),
    ).toEqual(['line one', 'line two'])
  })

  it('says when the visitor gave no name or e-mail address', () => {
    const { content } = cardOf({ message: 'Help', siteUrl: 'https://roswell.example' })
    expect(
      runs(content.body)
        .slice(0, 2)
        .map((run) => run.text),
    ).toEqual(['Not provided', 'Not provided'])
  })
})
