import { BUSINESS } from '#app/domain/business'
import type { ContactFormValues } from '#app/domain/contact-form'
import { serviceLabel } from '#app/domain/contact-form-fields'
import type { MailPayload } from '#app/integrations/mail/smtp.server'

// Header values must stay on one line; the body is plain text, so nothing else needs escaping.
function oneLine(text: string) {
  return text.replace(/[\r\n\t]+/g, ' ').trim()
}

/** The staff e-mail for a new enquiry: plain text, reply goes straight to the visitor. */
export function contactNotification(contact: ContactFormValues & { id: string; createdAt: Date }, siteUrl: string): MailPayload {
  const service = serviceLabel(contact.service) ?? 'Not specified'
  return {
    subject: oneLine(`New website enquiry from ${contact.name}${contact.service ? ` (${service})` : ''}`).slice(0, 200),
    replyTo: contact.email,
    text: [
      `A visitor sent a message through the contact form of ${BUSINESS.name}.`,
      '',
      `Name:     ${oneLine(contact.name)}`,
      `Email:    ${contact.email}`,
      `Phone:    ${contact.phone ? oneLine(contact.phone) : 'Not provided'}`,
      `Service:  ${service}`,
      `Received: ${contact.createdAt.toISOString()}`,
      '',
      'Message:',
      contact.message,
      '',
      `Reply to this e-mail to answer the visitor. All submissions: ${siteUrl}/admin`,
    ].join('\n'),
  }
}
