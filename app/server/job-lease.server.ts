import { isDuplicateKeyError } from '#app/lib/db/connection.server'
import { JobLease } from '#app/server/job-lease-model.server'
import { INSTANCE_ID } from '#app/lib/instance.server'

const KEEP_LEASES_MS = 24 * 60 * 60 * 1000

export type Lease = { job: string; holder: string; expiresAt: Date }

/**
 * Takes the job's lease for the period containing `now` (periods of `periodMs` from the Unix epoch),
 * or returns null when another instance holds it. The lease is an insert with the period in its
 * `_id`, so exactly one instance wins, on FerretDB too (docs/decisions/001-ferretdb-insert-claims.md).
 * A holder that dies keeps its period; the next period goes to whichever live instance asks first.
 */
export async function acquireJobLease(
  job: string,
  periodMs: number,
  { holder = INSTANCE_ID, now = Date.now() } = {},
): Promise<Lease | null> {
  const periodStart = Math.floor(now / periodMs) * periodMs
  const expiresAt = new Date(periodStart + periodMs)
  try {
    await JobLease.create({ _id: `${job}@${new Date(periodStart).toISOString()}`, job, holder, acquiredAt: new Date(now), expiresAt })
  } catch (error) {
    if (isDuplicateKeyError(error)) return null
    throw error
  }
  // Housekeeping by the holder alone: this job's leases older than a day.
  await JobLease.deleteMany({ job, expiresAt: { $lt: new Date(now - KEEP_LEASES_MS) } })
  return { job, holder, expiresAt }
}
