import { describe, expect, it } from 'vitest'
import { MAX_STREAMS_PER_HOLDER, MAX_STREAMS_PER_PROCESS, takeStreamSlot } from './stream-slots.server'

describe('M2: open chat streams', () => {
  it('M2: are capped per conversation whatever the addresses, and per process', () => {
    const releases = Array.from({ length: MAX_STREAMS_PER_HOLDER }, (_, i) => takeStreamSlot(`198.51.100.${i}`, 'conversation:a'))
    expect(releases.every(Boolean)).toBe(true)
    expect(takeStreamSlot('203.0.113.1', 'conversation:a')).toBeNull()
    releases[0]!()
    const again = takeStreamSlot('203.0.113.1', 'conversation:a')
    expect(again).not.toBeNull()
    for (const release of [...releases, again]) release?.()

    const many: (() => void)[] = []
    for (let i = 0; i < MAX_STREAMS_PER_PROCESS; i += 1) many.push(takeStreamSlot(`10.0.${i >> 8}.${i & 255}`, `conversation:${i}`)!)
    expect(many.every(Boolean)).toBe(true)
    expect(takeStreamSlot('192.0.2.1', 'conversation:new')).toBeNull()
    for (const release of many) release()
    expect(takeStreamSlot('192.0.2.1', 'conversation:new')).not.toBeNull()
  })
})
