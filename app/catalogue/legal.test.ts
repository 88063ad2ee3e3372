import { describe, expect, it } from 'vitest'
import { ACCESS_LOG_RETENTION_DAYS } from '#app/analytics/access-log.server'
import { DEFAULT_CHAT_RETENTION_DAYS, DEFAULT_ENQUIRY_RETENTION_DAYS, DELIVERED_OUTBOX_RETENTION_DAYS } from '#app/domain/privacy'
import { privacyPolicy } from './legal'

// The privacy policy states how long each kind of data is kept: the defaults the site runs with.
describe('the privacy policy', () => {
  const text = privacyPolicy.sections.flatMap((section) => [...section.paragraphs, ...(section.bullets ?? [])]).join('\n')

  it('states the retention periods the site applies by default', () => {
    expect(text).toContain(`contact form for two years (${DEFAULT_ENQUIRY_RETENTION_DAYS} days)`)
    expect(text).toContain(`chat conversations for one year (${DEFAULT_CHAT_RETENTION_DAYS} days) after their last message`)
    expect(text).toContain(`for ${DELIVERED_OUTBOX_RETENTION_DAYS} days after they are delivered`)
    expect(text).toContain(`access logs for ${ACCESS_LOG_RETENTION_DAYS} days`)
  })

  it('says how to ask for a copy or for deletion', () => {
    const rights = privacyPolicy.sections.find((section) => section.id === 'your-rights')!.paragraphs.join('\n')
    expect(rights).toMatch(/copy of the personal information/)
    expect(rights).toMatch(/tell us that address/)
    expect(rights).toMatch(/within 30 days/)
  })
})
