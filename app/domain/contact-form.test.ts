import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { contactFormSchema, contactJsonSchema } from './contact-form'
import { fieldErrors } from './zod'
import { SERVICE_CHOICES, serviceLabel } from './contact-form-fields'

const valid = { name: 'Dana Whitfield', email: 'dana@example.com', message: 'Our dealership needs a new firewall.' }

function formData(values: Record<string, string>) {
  const data = new FormData()
  for (const [key, value] of Object.entries(values)) data.set(key, value)
  return data
}

describe('the contact form rules', () => {
  it('accepts a complete enquiry and trims what was typed', () => {
    const result = contactFormSchema.safeParse({ ...valid, name: '  Dana  ', phone: '(770) 555-0100', service: 'voip' })
    expect(result.success && result.data).toEqual({ ...valid, name: 'Dana', phone: '(770) 555-0100', service: 'voip' })
  })

  it.each([
    ['name', { name: 'D' }, 'Name must be at least 2 characters'],
    ['name', { name: '  D  ' }, 'Name must be at least 2 characters'],
    ['email', { email: 'dana@' }, 'Please enter a valid email address'],
    ['phone', { phone: '555-0100 x' }, 'Please enter at least 10 digits for your phone number'],
    ['message', { message: 'Too short' }, 'Message must be at least 10 characters'],
  ])('refuses a bad %s with the spec message', (field, change, message) => {
    const result = contactFormSchema.safeParse({ ...valid, ...change })
    expect(result.success).toBe(false)
    if (!result.success) expect(fieldErrors(result.error)[field]).toEqual([message])
  })

  it('accepts a phone number in any format once it has ten digits', () => {
    for (const phone of ['7705550100', '+1 (770) 555-0100', '770.555.0100 ext 12']) {
      expect(contactFormSchema.safeParse({ ...valid, phone }).success).toBe(true)
    }
  })

  it('knows the thirteen service choices and refuses any other value', () => {
    expect(SERVICE_CHOICES).toHaveLength(13)
    expect(serviceLabel('network')).toBe('Network Support & Maintenance')
    // Staff still see what an older form stored; nothing chosen has no label.
    expect(serviceLabel('fax-repair')).toBe('fax-repair')
    expect(serviceLabel('')).toBeUndefined()
    expect(contactFormSchema.safeParse({ ...valid, service: 'crypto-mining' }).success).toBe(false)
  })
})

describe('the same rules through conform (the browser form and the form action)', () => {
  it('treats empty optional fields as not given', () => {
    const submission = parseWithZod(formData({ ...valid, phone: '', service: '' }), { schema: contactFormSchema })
    expect(submission.status).toBe('success')
    if (submission.status === 'success') expect(submission.value).toEqual(valid)
  })

  it('reports every bad field with its message', () => {
    const submission = parseWithZod(formData({ name: '', email: 'nope', message: '' }), { schema: contactFormSchema })
    expect(submission.status).toBe('error')
    expect(submission.status === 'error' && submission.error).toMatchObject({
      name: ['Name must be at least 2 characters'],
      email: ['Please enter a valid email address'],
      message: ['Message must be at least 10 characters'],
    })
  })
})

describe('the JSON body of POST /api/contact', () => {
  it('turns empty optional strings into nothing', () => {
    const result = contactJsonSchema.safeParse({ ...valid, phone: '', service: '' })
    expect(result.success && result.data).toEqual(valid)
  })

  it('refuses objects where strings belong, such as a query operator', () => {
    const result = contactJsonSchema.safeParse({ ...valid, email: { $gt: '' }, name: ['a', 'b'] })
    expect(result.success).toBe(false)
    if (!result.success) expect(Object.keys(fieldErrors(result.error)).sort()).toEqual(['email', 'name'])
  })

  it('refuses a body that is not an object', () => {
    for (const body of [null, 'hello', [valid], 42]) expect(contactJsonSchema.safeParse(body).success).toBe(false)
  })
})
