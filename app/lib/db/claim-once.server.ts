import { SingleUseClaim } from '#app/lib/db/single-use-claim-model.server'
import { isDuplicateKeyError } from './connection.server'

/**
 * True for the first caller to claim `key` (across every instance), false for every later one until
 * the claim expires. The claim is an insert of a unique _id (see models/single-use-claim.server.ts).
 */
export async function claimOnce(key: string, keepMs: number, now = Date.now()): Promise<boolean> {
  try {
    await SingleUseClaim.create({ _id: key, expiresAt: new Date(now + keepMs) })
    return true
  } catch (error) {
    if (isDuplicateKeyError(error)) return false
    throw error
  }
}

/** Removes claims nothing can repeat any more (a scheduled job: FerretDB has no TTL indexes). */
export async function pruneSingleUseClaims(now = new Date()) {
  const { deletedCount } = await SingleUseClaim.deleteMany({ expiresAt: { $lt: now } })
  return deletedCount
}
