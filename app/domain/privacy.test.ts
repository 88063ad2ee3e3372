import { describe, expect, it } from 'vitest'
import {
  ERASED_EMAIL,
  ERASED_PHONE,
  lookupInput,
  personMatcher,
  phoneDigits,
  privacyEraseFormSchema,
  privacyEraseJsonSchema,
  privacyLookupSchema,
  redactDeep,
  someText,
} from './privacy'

describe('finding a person in stored text', () => {
  const matcher = personMatcher({ email: 'bob.smith@example.com', phone: '+1 (770) 555-0100' })

  it('finds the address in any letter case, and the number however it was written', () => {
    for (const text of [
      'Reply to Bob.Smith@Example.COM please',
      'mailto:bob.smith@example.com',
      '<BOB.SMITH@EXAMPLE.COM>',
      'who will reply to you here and by email at bob.smith@example.com.',
      'call 770-555-0100',
      'call (770) 555 0100 today',
      'call +17705550100',
      'call 1.770.555.0100',
    ])
      expect(matcher.test(text), text).toBe(true)
  })

  it('does not find a longer address or number that merely contains them', () => {
    for (const text of ['jim.bob.smith@example.com', 'bob.smith@example.com.au', 'xbob.smith@example.com', '7705550100123', '27705550100'])
      expect(matcher.test(text), text).toBe(false)
  })

  it('takes every occurrence out and leaves the rest of the text', () => {
    expect(matcher.redact('Bob.Smith@example.com or bob.smith@EXAMPLE.com, phone 770 555 0100; not jim.bob.smith@example.com')).toBe(
      `${ERASED_EMAIL} or ${ERASED_EMAIL}, phone ${ERASED_PHONE}; not jim.bob.smith@example.com`,
    )
    // Twice is the same as once: a second erase finds nothing.
    const once = matcher.redact('bob.smith@example.com')
    expect(matcher.redact(once)).toBe(once)
    expect(matcher.test(once)).toBe(false)
  })

  it('gives the database patterns that find at least what the exact test finds', () => {
    const loose = new RegExp(matcher.database, 'i')
    expect(loose.test('BOB.SMITH@example.com')).toBe(true)
    expect(loose.test('770/555-0100')).toBe(true)
    expect(new RegExp(matcher.databaseEmailField, 'i').test(' Bob.Smith@Example.com ')).toBe(true)
    expect(new RegExp(matcher.databaseEmailField, 'i').test('other bob.smith@example.com')).toBe(false)
    // No look-behind in them: the database's regular expressions don't have it.
    expect(matcher.database).not.toMatch(/\(\?<[!=]/)
  })

  it('compares phone fields by their digits, and ignores the phone when none was given', () => {
    expect(matcher.samePhone('770.555.0100')).toBe(true)
    expect(matcher.samePhone('770 555 0101')).toBe(false)
    expect(phoneDigits('+1 770 555 0100')).toBe('7705550100')
    expect(phoneDigits('+44 20 7946 0958')).toBe('442079460958')
    const emailOnly = personMatcher({ email: 'a@example.com' })
    expect(emailOnly.test('770-555-0100')).toBe(false)
    expect(emailOnly.databasePhoneField).toBeUndefined()
  })

  it('escapes what the address holds that would mean something in a pattern', () => {
    const odd = personMatcher({ email: 'a+b.c@example.com' })
    expect(odd.test('write a+b.c@example.com')).toBe(true)
    expect(odd.test('write aab.c@example.com')).toBe(false)
    expect(new RegExp(odd.database, 'i').test('aab.c@example.com')).toBe(false)
  })

  it('searches and redacts nested values (audit changes, mail payloads) and keeps keys and other values', () => {
    const changes = { notes: { before: null, after: 'Called bob.smith@example.com' }, count: { before: 1, after: 2 } }
    expect(someText(changes, matcher.test)).toBe(true)
    expect(someText({ a: ['x', { b: 'y' }] }, matcher.test)).toBe(false)
    expect(redactDeep(changes, matcher.redact)).toEqual({
      notes: { before: null, after: `Called ${ERASED_EMAIL}` },
      count: { before: 1, after: 2 },
    })
  })
})

describe('the lookup form and API input', () => {
  it('takes an address (lower-cased) and an optional phone number', () => {
    expect(privacyLookupSchema.parse({ email: '  Bob@Example.COM ' })).toEqual({ email: 'bob@example.com' })
    expect(privacyLookupSchema.parse({ email: 'bob@example.com', phone: '(770) 555-0100' })).toMatchObject({ phone: '(770) 555-0100' })
    expect(lookupInput(new URLSearchParams('email=a@example.com&phone='))).toEqual({ email: 'a@example.com', phone: undefined })
  })

  it('refuses hostile or oversized input with a message', () => {
    for (const input of [
      {},
      { email: '' },
      { email: 'not an address' },
      { email: `${'a'.repeat(250)}@example.com` },
      { email: { $regex: '.*' } },
      { email: '.*@.*' },
      { email: 'a@example.com', phone: '12345' },
      { email: 'a@example.com', phone: '770 555 0100; drop' },
      { email: 'a@example.com', phone: '1'.repeat(41) },
      { email: 'a@example.com', phone: ['770', '555'] },
    ]) {
      const parsed = privacyLookupSchema.safeParse(input)
      expect(parsed.success, JSON.stringify(input)).toBe(false)
      expect(parsed.error?.issues[0]?.message).toBeTruthy()
    }
  })

  it('erases from the page only with the box ticked, and from the API with nothing unexpected in the body', () => {
    expect(privacyEraseFormSchema.safeParse({ email: 'a@example.com' }).success).toBe(false)
    expect(privacyEraseFormSchema.safeParse({ email: 'a@example.com', confirm: 'yes' }).success).toBe(true)
    expect(privacyEraseJsonSchema.safeParse({ email: 'a@example.com', everything: true }).success).toBe(false)
  })
})
