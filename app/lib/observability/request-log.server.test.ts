import { describe, expect, it } from 'vitest'
import { requestIdFrom } from './request-log.server'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe('the request id', () => {
  it("keeps a caller's plain token of up to 128 characters", () => {
    for (const id of ['abc', 'lb-7f3a.9_c-2', 'A'.repeat(128), '0b7c1c1e-9c6f-4f25-8d67-0d4f2b8a9e11']) expect(requestIdFrom(id)).toBe(id)
  })

  it('replaces anything else with a fresh UUID', () => {
    for (const hostile of [undefined, '', 'A'.repeat(129), 'two words', 'a,b', 'line\nbreak', '<script>', '{"level":"fatal"}', 'ünï'])
      expect(requestIdFrom(hostile)).toMatch(UUID)
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined))
  })
})
