// The contact form's choices, messages and limits (SPEC §3, §5, §8), without zod: the form
// component ships these to every visitor, while the schema in contact-form.ts loads only when needed.
import type { Toast } from './toast'

export const SERVICE_CHOICES = [
  { value: 'managed-it', label: 'IT Managed Services' },
  { value: 'network', label: 'Network Support & Maintenance' },
  { value: 'cybersecurity', label: 'Cybersecurity Services' },
  { value: 'hardware', label: 'Hardware Procurement & Integration' },
  { value: 'telecom', label: 'Telecommunications Services' },
  { value: 'voip', label: 'VoIP Services' },
  { value: 'cellular', label: 'Cellular Services' },
  { value: 'internet', label: 'Internet Services' },
  { value: 'cloud', label: 'Cloud Services' },
  { value: 'virtual', label: 'Virtual Infrastructure' },
  { value: 'saas', label: 'Software-as-a-Service' },
  { value: 'consulting', label: 'IT Consulting' },
  { value: 'other', label: 'Other' },
] as const

export type ServiceValue = (typeof SERVICE_CHOICES)[number]['value']

/** The label of a service choice; a value no longer on the list is shown as stored; none is undefined. */
export function serviceLabel(value: string | null | undefined): string | undefined {
  if (!value) return undefined
  return SERVICE_CHOICES.find((choice) => choice.value === value)?.label ?? value
}

/** SPEC §8: what the visitor is told after sending. */
export const CONTACT_SUCCESS_TOAST: Toast = {
  title: 'Message Sent Successfully!',
  description: "Thank you for your message. We'll get back to you soon.",
}
export const CONTACT_FAILURE_TITLE = 'Form Submission Error'
export const CONTACT_FAILURE_FALLBACK = 'There was a problem sending your message. Please try again.'
export const CONTACT_NO_RESPONSE_MESSAGE = 'Failed to receive response from server.'

export const CONTACT_MESSAGES = {
  name: 'Name must be at least 2 characters',
  email: 'Please enter a valid email address',
  phone: 'Please enter at least 10 digits for your phone number',
  message: 'Message must be at least 10 characters',
  service: 'Please choose one of the listed services',
} as const

// Upper bounds the spec leaves open: generous for people, small enough to stop abuse.
export const CONTACT_LIMITS = { name: 100, email: 254, phone: 40, message: 5000 } as const

export function countDigits(value: string) {
  return value.replace(/\D/g, '').length
}

/** Native constraints for the form's inputs (what conform's getZodConstraint derived from the schema). */
export const CONTACT_CONSTRAINT = {
  name: { required: true },
  email: { required: true },
  phone: { required: false },
  service: { required: false },
  message: { required: true },
}
