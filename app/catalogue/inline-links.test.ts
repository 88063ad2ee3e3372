import { describe, expect, it } from 'vitest'
import { inlineLinks } from './inline-links'
import { cpuMillisecondsOf } from '#tests/support/cpu-time'

describe('links in written content', () => {
  it('turns [words](/path) into a link and keeps the text around it', () => {
    expect(inlineLinks('Use our [contact form](/#contact) or call us.')).toEqual([
      'Use our ',
      { text: 'contact form', href: '/#contact' },
      ' or call us.',
    ])
    expect(inlineLinks('[Privacy](/privacy-policy)')).toEqual([{ text: 'Privacy', href: '/privacy-policy' }])
  })

  it('leaves text without markup, and links that would leave the site, as text', () => {
    expect(inlineLinks('Plain text, a [bracket] and (parentheses).')).toEqual(['Plain text, a [bracket] and (parentheses).'])
    expect(inlineLinks('See [elsewhere](https://example.com) or [there](//example.com).')).toEqual([
      'See [elsewhere](https://example.com) or [there](//example.com).',
    ])
  })
  it('H1: scans a paragraph of unclosed brackets in linear time', () => {
    const hostile = '[a](/x'.repeat(8000)
    const used = cpuMillisecondsOf(() => {
      expect(inlineLinks(hostile)).toEqual([hostile])
      expect(inlineLinks('[['.repeat(20_000))).toEqual(['[['.repeat(20_000)])
    })
    expect(used).toBeLessThan(100)
  })
})
