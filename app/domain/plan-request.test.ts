import { describe, expect, it } from 'vitest'
import { quote } from './pricing'
import { planRequestMessage, planRequestSchema } from './plan-request'

describe('a plan request from checkout', () => {
  it('words the plan as the server priced it, with the buyer’s note last', () => {
    const priced = quote({
      plan: { name: 'Professional', price: 599 },
      ms365Option: 'business_standard',
      users: 1,
      includeCloudBackup: true,
    })
    expect(planRequestMessage('Professional', priced, 'Call after 3')).toBe(
      [
        'Plan request from checkout (card payments are off): Professional Plan.',
        'Microsoft 365: Microsoft 365 Business Standard for 1 user.',
        'Cloud backup: yes, for 1 user.',
        'Monthly total: $616.45.',
        '',
        'Call after 3',
      ].join('\n'),
    )
    const bare = quote({ plan: { name: 'Enterprise', price: 1199 }, ms365Option: 'none', users: 0, includeCloudBackup: true })
    expect(planRequestMessage('Enterprise', bare)).toContain('Microsoft 365: none.\nCloud backup: no.\nMonthly total: $1,199.00.')
  })

  it('refuses a short name, a bad address and an oversized note', () => {
    const result = planRequestSchema.safeParse({ name: 'R', email: 'x', note: 'x'.repeat(1001) })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual(['name', 'email', 'note'])
  })
})
