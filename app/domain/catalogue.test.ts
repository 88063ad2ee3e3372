import { describe, expect, it } from 'vitest'
import { catalogueImageUrl } from './catalogue'

describe('catalogue images', () => {
  it('uses our own paths as they are', () => {
    expect(catalogueImageUrl('/images/services/cloud.svg')).toBe('/images/services/cloud.svg')
  })
  it('asks the image host for 800 by 500', () => {
    expect(catalogueImageUrl('https://images.example.com/photo-1')).toBe('https://images.example.com/photo-1?w=800&h=500&fit=crop')
    expect(catalogueImageUrl('https://images.example.com/p?id=2')).toBe('https://images.example.com/p?id=2&w=800&h=500&fit=crop')
  })
})
