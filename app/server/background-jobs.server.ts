/**
 * Periodic work that runs in every instance (pruning, outbox retries). Jobs must be safe to run
 * concurrently on several instances: they work on the database with conditional updates.
 */
export type BackgroundJob = { name: string; everyMs: number; run: () => Promise<unknown> }

export function startBackgroundJobs(jobs: BackgroundJob[]) {
  const running = new Set<Promise<unknown>>()
  const timers = jobs.map((job) => {
    const tick = () => {
      const work = job
        .run()
        .catch((error: Error) => console.warn(`[job:${job.name}] ${error.message}`))
        .finally(() => running.delete(work))
      running.add(work)
    }
    const timer = setInterval(tick, job.everyMs)
    timer.unref()
    return timer
  })
  return async function stop() {
    timers.forEach(clearInterval)
    await Promise.allSettled([...running])
  }
}
