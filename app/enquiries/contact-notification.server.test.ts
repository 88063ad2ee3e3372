import { describe, expect, it } from 'vitest'
import { contactNotification } from './contact-notification.server'

const contact = {
  id: 'c1',
  createdAt: new Date('2026-03-02T15:04:05Z'),
  name: 'Lee\r\nBcc: victim@example.com',
  email: 'lee@example.com',
  message: 'Line one\n<b>Line two</b>',
}

describe('the staff e-mail for an enquiry', () => {
  it('keeps header values on one line, so a name cannot add headers', () => {
    const mail = contactNotification(contact, 'https://roswell.example')
    expect(mail.subject).toBe('New website enquiry from Lee Bcc: victim@example.com')
    expect(mail.subject).not.toMatch(/[\r\n]/)
    expect(mail.replyTo).toBe('lee@example.com')
  })

  it('lists every field, with the spec wording for what was not given, and the message as typed', () => {
    const { text } = contactNotification({ ...contact, name: 'Lee', service: 'voip' }, 'https://roswell.example')
    expect(text).toContain('Phone:    Not provided')
    expect(text).toContain('Service:  VoIP Services')
    expect(text).toContain('Received: 2026-03-02T15:04:05.000Z')
    expect(text).toContain('Line one\n<b>Line two</b>')
    expect(text).toContain('https://roswell.example/admin')
  })
})
