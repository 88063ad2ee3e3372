import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { Lock } from '#app/lib/db/lock-model.server'
import { isDuplicateKeyError } from '#app/lib/db/connection.server'

/** The lock stayed taken for longer than the caller would wait. */
export class LockTimeoutError extends Error {
  constructor(readonly lockName: string) {
    super(`could not take the lock ${lockName} in time`)
    this.name = 'LockTimeoutError'
  }
}

/**
 * Runs `work` while holding the named lock, so writers of one document (an order's status: Stripe's
 * webhook, staff) take turns across all instances. FerretDB applies concurrent updates of one
 * document without isolation, so the turn is the insert of a unique _id
 * (docs/decisions/001-ferretdb-insert-claims.md). A holder that dies keeps the lock until its lease ends.
 */
export async function withDocumentLock<T>(
  name: string,
  work: () => Promise<T>,
  { waitMs = 5000, leaseMs = 30_000 }: { waitMs?: number; leaseMs?: number } = {},
): Promise<T> {
  const owner = randomUUID()
  const deadline = Date.now() + waitMs
  for (;;) {
    try {
      await Lock.create({ _id: name, owner, expiresAt: new Date(Date.now() + leaseMs) })
      break
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error
    }
    await Lock.deleteOne({ _id: name, expiresAt: { $lt: new Date() } })
    if (Date.now() > deadline) throw new LockTimeoutError(name)
    await sleep(5 + Math.random() * 20)
  }
  try {
    return await work()
  } finally {
    await Lock.deleteOne({ _id: name, owner })
  }
}

/** Removes locks whose holders died (a scheduled job: FerretDB has no TTL indexes). */
export async function pruneExpiredLocks(now = new Date()) {
  const { deletedCount } = await Lock.deleteMany({ expiresAt: { $lt: now } })
  return deletedCount
}
