import mongoose from 'mongoose'
import { describe, expect, it } from 'vitest'
import { LockTimeoutError, pruneExpiredLocks, withDocumentLock } from '#app/lib/db/document-lock.server'
import { Lock } from '#app/lib/db/lock-model.server'
import { setupTestDatabase } from '#tests/support/database'

setupTestDatabase('document_lock')

describe('document locks', () => {
  it('make concurrent read-modify-write updates of one document take turns: none is lost', async () => {
    const counters = mongoose.connection.db!.collection<{ _id: string; seen: string[] }>('counters')
    await counters.insertOne({ _id: 'c', seen: [] })
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        withDocumentLock('counter:c', async () => {
          const current = (await counters.findOne({ _id: 'c' }))!
          await counters.updateOne({ _id: 'c' }, { $set: { seen: [...current.seen, `w${i}`] } })
        }),
      ),
    )
    expect((await counters.findOne({ _id: 'c' }))!.seen).toHaveLength(20)
    expect(await Lock.countDocuments()).toBe(0)
  })

  it('are released when the work fails, taken over once a dead holder’s lease ends, and give up after waiting', async () => {
    await expect(withDocumentLock('x', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await Lock.countDocuments({ _id: 'x' })).toBe(0)

    await Lock.create({ _id: 'dead', owner: 'crashed instance', expiresAt: new Date(Date.now() - 1000) })
    expect(await withDocumentLock('dead', async () => 'taken over')).toBe('taken over')

    await Lock.create({ _id: 'busy', owner: 'someone', expiresAt: new Date(Date.now() + 60_000) })
    await expect(withDocumentLock('busy', async () => 'never', { waitMs: 100 })).rejects.toBeInstanceOf(LockTimeoutError)
    expect(await pruneExpiredLocks(new Date(Date.now() + 120_000))).toBe(1)
  })
})
