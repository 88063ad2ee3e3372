import { describe, expect, it } from 'vitest'
import { BODY_LIMITS, bodyLimitFor, describeBytes } from './body-limits'
import { cpuMillisecondsOf } from '#tests/support/cpu-time'

describe('request body limits', () => {
  it('give every route 64 KB unless the table says otherwise', () => {
    expect(bodyLimitFor('/news/some-article')).toBe(64 * 1024)
    expect(bodyLimitFor('/api/anything-else')).toBe(BODY_LIMITS.default)
  })

  it('give the Stripe webhook 512 KB and keep the tighter limits of the routes that had them', () => {
    expect(bodyLimitFor('/api/stripe/webhook')).toBe(512 * 1024)
    expect(bodyLimitFor('/api/contact')).toBe(32 * 1024)
    expect(bodyLimitFor('/api/teams-chat')).toBe(32 * 1024)
    expect(bodyLimitFor('/chat')).toBe(BODY_LIMITS.enquiry)
    expect(bodyLimitFor('/admin/chats/0123456789abcdef01234567')).toBe(BODY_LIMITS.enquiry)
    expect(bodyLimitFor('/api/admin/chats/0123456789abcdef01234567/messages')).toBe(BODY_LIMITS.enquiry)
    expect(bodyLimitFor('/api/create-payment-intent')).toBe(8 * 1024)
    expect(bodyLimitFor('/api/orders/0123456789abcdef01234567/update-status')).toBe(2 * 1024)
  })

  it('keep the personal-data page, its export and the erase API to a couple of KB', () => {
    for (const path of ['/admin/privacy', '/admin/privacy.data', '/admin/privacy/export', '/api/admin/privacy/erase'])
      expect(bodyLimitFor(path), path).toBe(BODY_LIMITS.privacy)
  })

  it('count a page’s data requests as the page', () => {
    expect(bodyLimitFor('/')).toBe(BODY_LIMITS.enquiry)
    expect(bodyLimitFor('/_root.data')).toBe(BODY_LIMITS.enquiry)
    expect(bodyLimitFor('/admin-login.data')).toBe(BODY_LIMITS.signIn)
    expect(bodyLimitFor('/checkout/2.data')).toBe(BODY_LIMITS.checkoutForm)
    expect(bodyLimitFor('/admin/orders/0123456789abcdef01234567.data')).toBe(BODY_LIMITS.orderStatus)
    expect(bodyLimitFor('/checkout/')).toBe(BODY_LIMITS.checkoutForm)
  })

  it('keep sign-in’s code step, the set-password link and the staff API small', () => {
    expect(bodyLimitFor('/admin-login/code')).toBe(BODY_LIMITS.signIn)
    expect(bodyLimitFor('/set-password')).toBe(BODY_LIMITS.signIn)
    expect(bodyLimitFor('/api/admin/staff')).toBe(BODY_LIMITS.staffAccount)
    expect(bodyLimitFor('/api/admin/staff/6566c0ffee0000000000abcd')).toBe(BODY_LIMITS.staffAccount)
    expect(BODY_LIMITS.staffAccount).toBeLessThan(BODY_LIMITS.default)
  })

  it('give staff content forms and the content API room for a 2 MB image and a photo that is too big', () => {
    expect(bodyLimitFor('/admin/content/news/new')).toBe(8 * 1024 * 1024)
    expect(bodyLimitFor('/admin/content/news/3.data')).toBe(8 * 1024 * 1024)
    expect(bodyLimitFor('/api/admin/plans/2')).toBe(256 * 1024)
    expect(bodyLimitFor('/api/admin/news')).toBe(256 * 1024)
    expect(bodyLimitFor('/api/admin/uploads')).toBe(8 * 1024 * 1024)
    expect(bodyLimitFor('/admin/contentious')).toBe(BODY_LIMITS.default)
    expect(bodyLimitFor('/api/admin/contacts')).toBe(BODY_LIMITS.default)
  })

  it('read as people say them', () => {
    expect(describeBytes(8 * 1024)).toBe('8 KB')
    expect(describeBytes(512)).toBe('512 bytes')
    expect(describeBytes(8 * 1024 * 1024)).toBe('8 MB')
  })
})

describe('M3: the limit lookup on hostile paths', () => {
  it('M3: judges a path of 64,000 slashes and a letter in linear time, trailing slashes still ignored', () => {
    expect(cpuMillisecondsOf(() => expect(bodyLimitFor(`/${'/'.repeat(64_000)}a`)).toBe(BODY_LIMITS.default))).toBeLessThan(20)
    expect(bodyLimitFor(`/chat${'/'.repeat(64_000)}`)).toBe(BODY_LIMITS.enquiry)
  })
})
