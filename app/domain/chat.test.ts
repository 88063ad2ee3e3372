import { describe, expect, it } from 'vitest'
import { CHAT_CONTACT_MESSAGES, CHAT_LIMITS, defaultAgentReply, isSendable, isSimpleEmail, validateChatContact } from './chat'
import { chatRequestSchema } from './chat-request'
import { cpuMillisecondsOf } from '#tests/support/cpu-time'

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

describe('H1: the chat e-mail check cannot be made slow', () => {
  const hostile = `a@${'.'.repeat(32_600)}@`
  const elapsed = cpuMillisecondsOf

  it('H1: refuses a 32 KB address of dots at once, in the form check and the API schema', () => {
    expect(
      elapsed(() => expect(validateChatContact({ name: 'Sam', email: hostile }).email).toBe(CHAT_CONTACT_MESSAGES.emailInvalid)),
    ).toBeLessThan(50)
    expect(elapsed(() => expect(chatRequestSchema.safeParse({ message: 'hi', email: hostile }).success).toBe(false))).toBeLessThan(50)
  })

  it('H1: judges the worst address within the length limit in linear time', () => {
    const longest = `a@${'.'.repeat(CHAT_LIMITS.email - 3)}@`
    expect(elapsed(() => isSimpleEmail(longest))).toBeLessThan(5)
    expect(isSimpleEmail(longest)).toBe(false)
  })

  it('H1: accepts and refuses the same addresses as "text, at sign, text, dot, text"', () => {
    for (const ok of ['sam@example.com', 'a@b.c', 'a.b@c.d.e', 'x@y..z', 'x@y.z.', 'o’brien@mail.example'])
      expect(isSimpleEmail(ok), ok).toBe(true)
    for (const bad of ['', 'sam', 'sam@example', 'a@.b', 'a@b.', '@b.c', 'a@b@c.d', 'a b@c.d', 'a@b .c', 'a@.', `a@${'b'.repeat(251)}.c`])
      expect(isSimpleEmail(bad), bad).toBe(false)
  })
})
