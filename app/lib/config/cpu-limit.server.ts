import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'

// os.availableParallelism() counts the cores a container may run on, not a CPU quota: on a 16-core
// host with a 2-CPU limit it says 16, and 16 workers of ~200 MB each would share 2 CPUs.

/** The CPUs a cgroup v2 `cpu.max` line allows ("200000 100000" is 2), or null for no limit. */
export function cpusFromCpuMax(text: string): number | null {
  const [quota, period] = text.trim().split(/\s+/)
  if (!quota || quota === 'max') return null
  const cpus = Number(quota) / Number(period ?? 100_000)
  return Number.isFinite(cpus) && cpus > 0 ? cpus : null
}

/**
 * How many server processes to run by default: the CPUs the container may use (its cgroup's
 * `cpu.max`, rounded up, at least 1), else the cores Node sees.
 */
export function defaultWorkerCount({
  cpuMaxFile = '/sys/fs/cgroup/cpu.max',
  cores = availableParallelism(),
}: { cpuMaxFile?: string; cores?: number } = {}): number {
  let limit: number | null = null
  try {
    limit = cpusFromCpuMax(readFileSync(cpuMaxFile, 'utf8'))
  } catch {
    // No cgroup v2 file (not Linux, or cgroup v1): the cores it is.
  }
  return limit === null ? cores : Math.max(1, Math.min(cores, Math.ceil(limit)))
}
