import { describe, expect, it } from 'vitest'
import { accessLogBatch, batchLinesNewestFirst } from './access-log-batch'

const line = (iso: string, path: string, extra: { userAgent?: string; referrer?: string } = {}) => ({
  timestamp: new Date(iso),
  method: 'GET',
  path,
  status: 200,
  responseTimeMs: 1.234,
  visitorKey: 'k',
  ...extra,
})

describe('access-log batches', () => {
  it('reads back every field, hostile header text included, newest first', () => {
    const hostile = 'tab\there\nnew line\r\\t not a tab \\ backslash'
    const lines = [
      line('2026-01-01T10:00:00.000Z', '/a', { userAgent: hostile, referrer: 'https://x.test/' }),
      line('2026-01-01T10:00:01.500Z', '/b\t/c'),
    ]
    const batch = accessLogBatch(lines)
    expect(batch).toMatchObject({ from: lines[0]!.timestamp, to: lines[1]!.timestamp, count: 2 })
    // One request a line, whatever its headers held.
    expect(batch.rows.split('\n')).toHaveLength(2)
    expect(batchLinesNewestFirst(batch.rows, new Date(0))).toEqual([
      { ...lines[1], userAgent: undefined, referrer: undefined },
      { ...lines[0], userAgent: hostile, referrer: 'https://x.test/' },
    ])
  })

  it('sorts requests that finished out of order and leaves out those before the window', () => {
    const batch = accessLogBatch([
      line('2026-01-01T10:00:02.000Z', '/late-start'),
      line('2026-01-01T10:00:01.000Z', '/early-start'),
      line('2026-01-01T09:00:00.000Z', '/too-old'),
    ])
    expect(batch.from).toEqual(new Date('2026-01-01T09:00:00.000Z'))
    expect(batchLinesNewestFirst(batch.rows, new Date('2026-01-01T10:00:00.000Z')).map((entry) => entry.path)).toEqual([
      '/late-start',
      '/early-start',
    ])
  })

  it('refuses an empty batch: there is nothing to store', () => {
    expect(() => accessLogBatch([])).toThrow()
    expect(batchLinesNewestFirst('', new Date(0))).toEqual([])
  })
})
