import { log } from '#app/lib/observability/logger.server'
import { metrics } from '#app/lib/observability/metrics.server'
import { inSpan } from '#app/lib/observability/tracing.server'
import { INSTANCE_ID } from '#app/lib/instance.server'
import { acquireJobLease } from './job-lease.server'

/**
 * Periodic work (pruning, outbox retries). Every instance schedules every job, and one runs each
 * period: the one that takes the period's lease in the database. `run` gets a signal that aborts
 * when the lease ends or the server stops; long work checks it between steps, so a run never
 * overlaps the next period's run on another instance.
 */
export type BackgroundJob = { name: string; everyMs: number; run: (signal: AbortSignal) => Promise<unknown> }

/** Runs start just after each period begins, spread by up to a second so instances don't collide. */
function delayToNextPeriod(everyMs: number, now = Date.now()) {
  const nextPeriod = (Math.floor(now / everyMs) + 1) * everyMs
  return nextPeriod - now + Math.random() * Math.min(1000, everyMs / 10)
}

export function startBackgroundJobs(jobs: BackgroundJob[], { holder = INSTANCE_ID } = {}) {
  const stopping = new AbortController()
  const timers = new Map<string, NodeJS.Timeout>()
  const running = new Set<Promise<void>>()

  async function runOnce(job: BackgroundJob) {
    const lease = await acquireJobLease(job.name, job.everyMs, { holder }).catch((error: Error) => {
      log.warn({ job: job.name, err: error }, 'background job skipped: its lease could not be taken')
      return null
    })
    if (!lease || stopping.signal.aborted) return
    // A slow database can hand over a lease after its period ended; running then would overlap the
    // next period's run on another instance, so the period is skipped.
    if (lease.expiresAt.getTime() <= Date.now()) {
      log.warn({ job: job.name }, 'background job skipped: its period ended before its lease was granted')
      return
    }
    const signal = AbortSignal.any([stopping.signal, AbortSignal.timeout(Math.max(0, lease.expiresAt.getTime() - Date.now()))])
    try {
      await inSpan(`job ${job.name}`, { 'job.name': job.name }, () => job.run(signal))
      metrics.jobRuns.inc({ job: job.name, outcome: 'ok' })
      metrics.jobLastSuccess.set({ job: job.name }, Date.now() / 1000)
    } catch (error) {
      metrics.jobRuns.inc({ job: job.name, outcome: 'failed' })
      log.warn({ job: job.name, err: error }, 'background job failed')
    }
  }

  // The next run is scheduled when this one has finished: runs of one job never overlap here.
  function schedule(job: BackgroundJob) {
    const timer = setTimeout(() => {
      const work = runOnce(job).finally(() => {
        running.delete(work)
        if (!stopping.signal.aborted) schedule(job)
      })
      running.add(work)
    }, delayToNextPeriod(job.everyMs))
    timer.unref()
    timers.set(job.name, timer)
  }

  jobs.forEach(schedule)
  return async function stop() {
    stopping.abort()
    timers.forEach(clearTimeout)
    await Promise.allSettled([...running])
  }
}
