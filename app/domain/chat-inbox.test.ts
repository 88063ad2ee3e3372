import { describe, expect, it } from 'vitest'
import { chatReplyFormSchema, displayNameSchema, isRoleName, readInboxFilter, savedReplySchema } from './chat-inbox'

describe('the chat inbox’s rules', () => {
  it('reads an unknown filter as all', () => {
    expect(readInboxFilter('mine')).toBe('mine')
    expect(readInboxFilter('$where')).toBe('all')
    expect(readInboxFilter(null)).toBe('all')
  })

  it('never lets a reply be signed with a role', () => {
    for (const name of ['admin', ' ADMIN ', 'Administrator', 'root', 'Support']) expect(isRoleName(name)).toBe(true)
    expect(isRoleName('Dana Desk')).toBe(false)
    expect(displayNameSchema.safeParse({ name: 'admin' }).success).toBe(false)
    expect(displayNameSchema.safeParse({ name: 'Dana\u0007Desk' }).success).toBe(false)
    expect(displayNameSchema.parse({ name: '  Dana Desk ' })).toEqual({ name: 'Dana Desk' })
  })

  it('takes the typed reply, else the saved one chosen, and refuses neither', () => {
    const saved = '0123456789abcdef01234567'
    expect(chatReplyFormSchema.parse({ text: ' Hi ', savedReply: saved })).toEqual({ text: 'Hi', savedReply: saved })
    expect(chatReplyFormSchema.parse({ text: '  ', savedReply: saved })).toEqual({ text: undefined, savedReply: saved })
    expect(chatReplyFormSchema.safeParse({ text: '', savedReply: '' }).success).toBe(false)
    expect(chatReplyFormSchema.safeParse({ savedReply: { $ne: null } }).success).toBe(false)
  })

  it('keeps saved replies to a one-line title and a reply’s length', () => {
    expect(savedReplySchema.safeParse({ title: 'Hours', text: 'x'.repeat(2000) }).success).toBe(true)
    expect(savedReplySchema.safeParse({ title: 'Hours', text: 'x'.repeat(2001) }).success).toBe(false)
    expect(savedReplySchema.safeParse({ title: 'Two\nlines', text: 'ok' }).success).toBe(false)
    expect(savedReplySchema.safeParse({ title: 't'.repeat(61), text: 'ok' }).success).toBe(false)
  })
})
