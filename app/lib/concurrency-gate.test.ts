import { describe, expect, it } from 'vitest'
import { ConcurrencyGate } from './concurrency-gate'

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((done) => (resolve = done))
  return { promise, resolve }
}

describe('ConcurrencyGate', () => {
  it('never runs more than its concurrency at once, and runs every waiting task in order', async () => {
    const gate = new ConcurrencyGate({ concurrency: 2, maxWaiting: 10 })
    let active = 0
    let peak = 0
    const order: number[] = []
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        gate.run(async () => {
          active++
          peak = Math.max(peak, active)
          order.push(i)
          await new Promise((resolve) => setTimeout(resolve, 5))
          active--
          return i * 10
        }),
      ),
    )
    expect(peak).toBe(2)
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
    expect(results.map((result) => (result.ran ? result.value : null))).toEqual([0, 10, 20, 30, 40, 50, 60, 70])
    expect(gate.active).toBe(0)
  })

  it('turns tasks away once the queue is full, and frees the place of a task that failed', async () => {
    const gate = new ConcurrencyGate({ concurrency: 1, maxWaiting: 1 })
    const blocker = deferred()
    const first = gate.run(() => blocker.promise.then(() => Promise.reject(new Error('boom'))))
    const second = gate.run(async () => 'second')
    expect(await gate.run(async () => 'third')).toEqual({ ran: false })
    blocker.resolve()
    await expect(first).rejects.toThrow('boom')
    expect(await second).toEqual({ ran: true, value: 'second' })
    expect(gate.active).toBe(0)
  })
})
