import { isDuplicateKeyError } from '#app/lib/db/connection.server'
import { JobLease } from '#app/server/job-lease-model.server'
import { INSTANCE_ID } from '#app/lib/instance.server'

const KEEP_LEASES_MS = 24 * 60 * 60 * 1000

export type Lease = { job: string; holder: string; expiresAt: Date }

/**
 * Takes the job's lease for the period containing `now` (periods of `periodMs` from the Unix epoch),
 * or returns null when another instance holds it. The lease is an insert with the period in its
 * `_id`: of several instances trying at once exactly one succeeds and the others get a duplicate-key
 * error. (A findOneAndUpdate that takes over an expired lease is atomic on MongoDB but not on
 * FerretDB 1.24: it reads, filters and then writes, and in a test 6 concurrent takers all "won"
 * 30 rounds out of 30.) A holder that dies keeps its period; the next period's lease goes to
 * whichever live instance asks first.
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
