import { getEnv } from '#app/lib/config/env.server'
import type { ContactFormValues } from '#app/domain/contact-form'
import { Contact } from '#app/enquiries/contact-model.server'
import { deliverSoon, queueOutboxMessage } from '#app/integrations/mail/outbox.server'
import { contactNotification } from './contact-notification.server'
import { type ContactSubmission, toSubmission } from './contact-submission.server'
import { log } from '#app/lib/observability/logger.server'

/**
 * Saves an enquiry, then queues the staff e-mail. The save is what the visitor is told about: when
 * it throws (database down) the caller reports a failure. Queueing comes after, so a notification
 * problem can never lose or un-save the enquiry; it is logged, and the enquiry stays in /admin.
 */
export async function receiveContact(values: ContactFormValues): Promise<ContactSubmission> {
  const saved = await Contact.create({
    name: values.name,
    email: values.email,
    phone: values.phone,
    service: values.service,
    message: values.message,
    status: 'new',
  })
  const contact = toSubmission(saved.toObject())
  try {
    const id = await queueOutboxMessage(
      'email',
      `contact:${contact.id}`,
      contactNotification({ ...values, id: contact.id, createdAt: saved.createdAt }, getEnv().SITE_URL),
    )
    deliverSoon(id)
  } catch (error) {
    log.error({ contactId: contact.id, err: error }, 'enquiry saved but its e-mail could not be queued')
  }
  return contact
}
