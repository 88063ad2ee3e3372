/**
 * Milliseconds of this thread's CPU that `fn` took. A linear-time check measures this, not the wall
 * clock: the wall clock also counts the time other processes had the core, which on a busy machine
 * is many times the work itself.
 */
export function cpuMillisecondsOf(fn: () => unknown): number {
  const start = process.threadCpuUsage()
  fn()
  const used = process.threadCpuUsage(start)
  return (used.user + used.system) / 1000
}
