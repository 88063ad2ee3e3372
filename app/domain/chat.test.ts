import { describe, expect, it } from 'vitest'
import { defaultAgentReply, isSendable, validateChatContact } from './chat'
import { chatRequestSchema } from './chat-request'

describe('the support chat rules', () => {
  it('never sends an empty or blank message', () => {
    expect(isSendable('')).toBe(false)
    expect(isSendable('  \n\t ')).toBe(false)
    expect(isSendable('My printer is offline')).toBe(true)
    expect(chatRequestSchema.safeParse({ message: '   ' }).success).toBe(false)
  })

  it('asks for a name and a plausible e-mail address before sending', () => {
    expect(validateChatContact({ name: ' ', email: '' })).toEqual({ name: 'Name is required', email: 'Email address is required' })
    expect(validateChatContact({ name: 'Sam', email: 'sam@example' })).toEqual({ email: 'Please enter a valid email address' })
    expect(validateChatContact({ name: 'Sam', email: 'sam@example.com' })).toEqual({})
  })

  it('mentions the e-mail address in the default reply only when one was given', () => {
    expect(defaultAgentReply('sam@example.com')).toContain('sam@example.com')
    expect(defaultAgentReply()).not.toMatch(/email/i)
    expect(defaultAgentReply()).toContain('notified')
  })

  it('refuses objects where text belongs', () => {
    const result = chatRequestSchema.safeParse({ message: { $gt: '' }, email: { $ne: null } })
    expect(result.success).toBe(false)
    if (!result.success) expect(result.error.issues.map((issue) => issue.path[0]).sort()).toEqual(['email', 'message'])
  })
})
