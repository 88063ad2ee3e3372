import { describe, expect, it } from 'vitest'
import { projectionOf, toView } from './views.server'

describe('views of stored documents', () => {
  const fields = ['name', 'phone', 'createdAt'] as const

  it('read exactly the listed fields', () => {
    expect(projectionOf(fields)).toEqual({ name: 1, phone: 1, createdAt: 1 })
  })

  it('show the id as text, the listed fields, and an absent optional field as null', () => {
    const createdAt = new Date('2026-03-02T15:04:05Z')
    const doc = { _id: { toString: () => '65f0c0ffee' }, name: 'Pat', phone: undefined, createdAt, secret: 'kept out' }
    expect(toView(doc, fields)).toEqual({ id: '65f0c0ffee', name: 'Pat', phone: null, createdAt })
  })
})
