import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, test } from 'vitest'
import type { PlanSummary, ServiceSummary } from '#app/catalogue/catalogue.server'
import { PricingSection } from './pricing-section'
import { ServicesSection } from './services-section'
import { industryTheme, SolutionsSection } from './solutions-section'

const render = (element: React.ReactElement) => renderToString(<MemoryRouter>{element}</MemoryRouter>)

const service: ServiceSummary = {
  id: 1,
  name: 'Managed IT Services',
  description: 'd',
  shortDescription: 's',
  image: 'https://images.example/photo',
  features: [],
}
const plan: PlanSummary = { id: 2, name: 'Professional', description: 'd', price: 599, features: ['Help desk'], popular: true }

describe('catalogue sections', () => {
  test('a list that failed shows only its own red error text', () => {
    const html = render(<ServicesSection services={{ ok: false }} />)
    expect(html).toContain('Error loading services. Please try again later.')
    expect(html).toContain('text-red-700')
    expect(render(<SolutionsSection solutions={{ ok: false }} />)).toContain('Error loading solutions. Please try again later.')
    expect(render(<PricingSection plans={{ ok: false }} />)).toContain('Error loading pricing plans. Please try again later.')
  })

  test('a service image from the image host is asked for 800 by 500', () => {
    const html = render(<ServicesSection services={{ ok: true, items: [service] }} />)
    expect(html).toContain('https://images.example/photo?w=800&amp;h=500')
  })

  test('a plan card has its price id, the Most Popular badge and a plain link to checkout with the plan', () => {
    const html = render(<PricingSection plans={{ ok: true, items: [plan] }} />)
    expect(html).toMatch(/id="professional-price"/)
    expect(html).toContain('Most Popular')
    expect(html).toContain('href="/checkout?plan=2"')
    expect(html).toContain('Need a custom solution?')
  })

  test('Healthcare, Finance, Legal and Manufacturing each get their own theme; others share the default', () => {
    const themes = ['Healthcare', 'Finance', 'Legal', 'Manufacturing'].map((industry) => industryTheme(industry).badge)
    expect(new Set(themes).size).toBe(4)
    expect(industryTheme('Automotive')).toEqual(industryTheme('Retail'))
    expect(themes).not.toContain(industryTheme('Automotive').badge)
  })
})
