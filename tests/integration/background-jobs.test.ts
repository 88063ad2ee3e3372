import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { JobLease } from '#app/server/job-lease-model.server'
import { startBackgroundJobs } from '#app/server/background-jobs.server'
import { acquireJobLease } from '#app/server/job-lease.server'
import { setupTestDatabase } from '#tests/support/database'

// Background jobs against the real database. Several "instances" here are job runners with their
// own holder names in this process, as several servers would be: the lease is in the database.

setupTestDatabase('background_jobs')

/** Waits until the next period of `periodMs` begins, plus a margin, so a test starts fresh. */
async function startOfNextPeriod(periodMs: number, margin = 20) {
  await sleep(periodMs - (Date.now() % periodMs) + margin)
}

describe('job leases', () => {
  it('give each period to exactly one of several instances asking at once', async () => {
    for (let round = 0; round < 10; round++) {
      const holders = Array.from({ length: 6 }, (_, i) => `instance-${i}`)
      const now = Date.UTC(2026, 0, 1, 12, round)
      const leases = await Promise.all(holders.map((holder) => acquireJobLease('race', 60_000, { holder, now })))
      expect(leases.filter(Boolean)).toHaveLength(1)
      // The same holder asking again in that period does not get it twice.
      expect(await acquireJobLease('race', 60_000, { holder: leases.find(Boolean)!.holder, now: now + 1000 })).toBeNull()
    }
    expect(await JobLease.countDocuments({ job: 'race' })).toBe(10)
  })

  it('are kept for a day, then removed by the next holder', async () => {
    const day = 24 * 60 * 60 * 1000
    const start = Date.UTC(2026, 0, 5)
    await acquireJobLease('housekeeping', 60_000, { now: start })
    await acquireJobLease('housekeeping', 60_000, { now: start + day / 2 })
    expect(await JobLease.countDocuments({ job: 'housekeeping' })).toBe(2)
    await acquireJobLease('housekeeping', 60_000, { now: start + day + 2 * 60_000 })
    expect(await JobLease.countDocuments({ job: 'housekeeping' })).toBe(2)
  })
})

describe('background jobs', () => {
  it('never start a run while the previous run of the same job is still going in this process', async () => {
    let running = 0
    let mostAtOnce = 0
    let runs = 0
    const stop = startBackgroundJobs(
      [
        {
          name: 'slow-job',
          everyMs: 200,
          run: async () => {
            running++
            runs++
            mostAtOnce = Math.max(mostAtOnce, running)
            await sleep(700) // three and a half periods
            running--
          },
        },
      ],
      { holder: 'only-instance' },
    )
    await sleep(2600)
    await stop()
    expect(runs).toBeGreaterThanOrEqual(2)
    expect(mostAtOnce).toBe(1)
  })

  it('run once per period across instances, whichever instance takes the lease', async () => {
    const periodMs = 400
    const runsByPeriod = new Map<number, string[]>()
    const job = (holder: string) => ({
      name: 'shared-job',
      everyMs: periodMs,
      run: async () => {
        const period = Math.floor(Date.now() / periodMs)
        runsByPeriod.set(period, [...(runsByPeriod.get(period) ?? []), holder])
        await sleep(50)
      },
    })
    await startOfNextPeriod(periodMs)
    const stops = ['instance-a', 'instance-b', 'instance-c'].map((holder) => startBackgroundJobs([job(holder)], { holder }))
    // Six periods with a run, however slowly a loaded machine grants the leases.
    await expect.poll(() => runsByPeriod.size, { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(6)
    await Promise.all(stops.map((stop) => stop()))
    for (const holders of runsByPeriod.values()) expect(holders).toHaveLength(1)
    // Every lease names the instance that ran in that period.
    const leases = await JobLease.find({ job: 'shared-job' }).lean()
    for (const lease of leases) {
      const period = Math.floor(lease.expiresAt.getTime() / periodMs) - 1
      if (runsByPeriod.has(period)) expect(runsByPeriod.get(period)).toEqual([lease.holder])
    }
  })

  it('are taken over by another instance once the lease of a holder that died has expired', async () => {
    const periodMs = 1000
    await startOfNextPeriod(periodMs)
    // An instance took this period's lease and died: its lease stays until the period ends.
    const dead = await acquireJobLease('takeover-job', periodMs, { holder: 'instance-that-died' })
    expect(dead).not.toBeNull()
    // Until then, no other instance gets it.
    expect(await acquireJobLease('takeover-job', periodMs, { holder: 'survivor' })).toBeNull()
    const runs: number[] = []
    const stop = startBackgroundJobs([{ name: 'takeover-job', everyMs: periodMs, run: async () => void runs.push(Date.now()) }], {
      holder: 'survivor',
    })
    try {
      // The survivor first asks at the next period's start, after the dead holder's lease expired.
      await sleep(periodMs * 2.5)
      expect(runs.length).toBeGreaterThanOrEqual(1)
      expect(runs[0]!).toBeGreaterThanOrEqual(dead!.expiresAt.getTime())
      const survivorLeases = await JobLease.find({ job: 'takeover-job', holder: 'survivor' }).lean()
      expect(survivorLeases.length).toBe(runs.length)
    } finally {
      await stop()
    }
  })

  it('tell a run that outlives its lease to stop, and wait for runs to end when stopped', async () => {
    const periodMs = 1000
    await startOfNextPeriod(periodMs)
    let abortedAt: number | undefined
    let finished = false
    const stop = startBackgroundJobs(
      [
        {
          name: 'long-job',
          everyMs: periodMs,
          run: async (signal) => {
            await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }))
            abortedAt = Date.now()
            await sleep(100)
            finished = true
          },
        },
      ],
      { holder: 'only-instance' },
    )
    await expect.poll(() => abortedAt, { timeout: 30_000, interval: 50 }).toBeDefined()
    // Told to stop when its lease ended: not before, and before the next period's run was due.
    const [lease] = await JobLease.find({ job: 'long-job' }).sort({ expiresAt: 1 }).lean()
    expect(abortedAt!).toBeGreaterThanOrEqual(lease!.expiresAt.getTime() - 5)
    expect(abortedAt!).toBeLessThan(lease!.expiresAt.getTime() + periodMs)
    await stop()
    expect(finished).toBe(true)
  })
})
