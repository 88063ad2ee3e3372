import { describe, expect, it } from 'vitest'
import { checkoutSearch, parsePlanId, readCheckoutChoices } from './checkout-choices'

const plans = [
  { id: 1, name: 'Essential', description: '', price: 299, features: [], popular: false },
  { id: 2, name: 'Professional', description: '', price: 599, features: [], popular: true },
  { id: 7, name: 'Starter', description: '', price: 99.99, features: [], popular: false },
]
const read = (query: string, pathPlanId?: string) => readCheckoutChoices(new URLSearchParams(query), pathPlanId, plans)

describe('reading the checkout choices from the address', () => {
  it('takes the plan from the path before ?plan', () => {
    expect(read('plan=1', '2').plan?.name).toBe('Professional')
    expect(read('plan=1').plan?.name).toBe('Essential')
  })

  it('has no plan for a missing, unknown or malformed plan id', () => {
    expect(read('').plan).toBeNull()
    expect(read('plan=99').plan).toBeNull()
    expect(read('plan=1abc').plan).toBeNull()
    expect(read('', '0').plan).toBeNull()
    expect(read('').quote).toBeNull()
  })

  it('defaults the seats by plan name and treats an unknown option as none', () => {
    const choices = read('plan=2&microsoft365=e5')
    expect(choices.ms365Option).toBe('none')
    expect(choices.usersInput).toBe('20')
    expect(read('plan=7&microsoft365=e3').users).toBe(1)
    expect(read('plan=1&microsoft365=e3').quote?.totalCents).toBe(29900 + 3600 * 10)
  })

  it('prices backup only when it is ticked with an option', () => {
    expect(read('plan=2&microsoft365=business_standard&ms365_users=2&cloud_backup=true').quote?.totalCents).toBe(59900 + 2500 + 990)
    expect(read('plan=2&microsoft365=business_standard&ms365_users=2&cloud_backup=false').quote?.totalCents).toBe(59900 + 2500)
    expect(read('plan=2&microsoft365=none&cloud_backup=true').quote?.totalCents).toBe(59900)
  })

  it.each(['0', '-1', '1001', '1000000', '2.5', 'ten', ''])('explains that %j users is out of range and prices nothing', (users) => {
    const choices = read(`plan=2&microsoft365=e3&ms365_users=${users}`)
    expect(choices.usersError).toBe('Users must be a whole number from 1 to 1000')
    expect(choices.quote).toBeNull()
  })

  it('ignores the seat count when no option is chosen', () => {
    const choices = read('plan=2&microsoft365=none&ms365_users=0')
    expect(choices.usersError).toBeNull()
    expect(choices.quote?.totalCents).toBe(59900)
  })
})

describe('writing the choices back to the address', () => {
  it('changes what was chosen and keeps the rest of the query', () => {
    const next = checkoutSearch(new URLSearchParams('plan=1&utm_source=mail&ms365_users=4'), {
      plan: 2,
      microsoft365: 'e3',
      cloud_backup: true,
      ms365_users: null,
    })
    expect(next.toString()).toBe('plan=2&utm_source=mail&microsoft365=e3&cloud_backup=true')
  })

  it('parses plan ids strictly', () => {
    expect(parsePlanId('12')).toBe(12)
    expect(parsePlanId(' 12')).toBeNull()
    expect(parsePlanId('-3')).toBeNull()
    expect(parsePlanId(undefined)).toBeNull()
  })
})
