import { describe, expect, it } from 'vitest'
import { formatLogLine, mergeRecentLines, recentLogDocument } from './recent-log'

const line = (iso: string, path: string) => ({
  timestamp: new Date(iso),
  method: 'GET',
  path,
  status: 200,
  responseTimeMs: 1.234,
  visitorKey: 'k',
})

describe('recent log lines', () => {
  it('formats one request per line', () => {
    expect(formatLogLine({ ...line('2026-01-01T10:00:00.000Z', '/a'), referrer: 'https://x.test/', userAgent: 'UA\nsneaky' })).toBe(
      '2026-01-01T10:00:00.000Z GET /a 200 1.23ms visitor=k referrer="https://x.test/" "UA\\nsneaky"',
    )
  })

  it('merges instances newest first, drops lines older than the window and keeps the limit', () => {
    const one = recentLogDocument('one', [line('2026-01-01T10:00:00.000Z', '/a'), line('2026-01-01T12:00:00.000Z', '/c')]).lines
    const two = recentLogDocument('two', [line('2026-01-01T11:00:00.000Z', '/b'), line('2025-12-30T11:00:00.000Z', '/old')]).lines
    const merged = mergeRecentLines([one, two, ''], new Date('2026-01-01T00:00:00.000Z'))
    expect(merged.split('\n').map((l) => l.split(' ')[2])).toEqual(['/c', '/b', '/a'])
    expect(mergeRecentLines([one, two], new Date('2026-01-01T00:00:00.000Z'), 1).split('\n')).toHaveLength(1)
  })
})
