/**
 * Runs at most `concurrency` tasks at once; up to `maxWaiting` more wait their turn in order, and
 * any beyond that are turned away at once (`ran: false`) instead of piling up in memory.
 */
export class ConcurrencyGate {
  private running = 0
  private readonly waiting: (() => void)[] = []

  constructor(private readonly limits: { concurrency: number; maxWaiting: number }) {}

  get active() {
    return this.running
  }

  async run<T>(task: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
    if (this.running >= this.limits.concurrency) {
      if (this.waiting.length >= this.limits.maxWaiting) return { ran: false }
      // The finishing task hands its place over directly, so `running` never drops in between.
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    } else {
      this.running++
    }
    try {
      return { ran: true, value: await task() }
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.running--
    }
  }
}
