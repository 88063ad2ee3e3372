import { describe, expect, it } from 'vitest'
import { changesBetween, pruneAuditTrail, recordAudit } from '#app/staff/audit.server'
import { contextFor } from '#app/lib/http/request-context'
import { AuditEvent } from '#app/staff/audit-event-model.server'
import { addressKey } from '#app/analytics/access-log.server'
import { setupTestDatabase } from '#tests/support/database'

// The audit module the staff and content features write through.

setupTestDatabase('audit_trail')

const context = (clientIp: string, requestId: string) => contextFor({ cspNonce: undefined, clientIp, requestId })
const owner = { id: '6566c0ffee0000000000abcd', username: 'olivia' }

describe('recordAudit', () => {
  it('stores actor, kind, action, target, changed fields, address key and request id, never the address', async () => {
    await recordAudit({
      actor: owner,
      kind: 'content',
      action: 'changed plan',
      target: 'plan:3',
      changes: changesBetween({ price: 9900, name: 'Basic' }, { price: 12900, name: 'Basic' }),
      context: context('203.0.113.77', 'req-audit-1'),
    })
    const event = (await AuditEvent.findOne({ requestId: 'req-audit-1' }).lean())!
    expect(event).toMatchObject({
      kind: 'content',
      actorId: owner.id,
      actorUsername: 'olivia',
      action: 'changed plan',
      target: 'plan:3',
      changes: { price: { before: 9900, after: 12900 } },
      addressKey: await addressKey('203.0.113.77'),
    })
    expect(event.at.getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect(JSON.stringify(event)).not.toContain('203.0.113.77')
  })

  it('records a failed sign-in without an actor; the same address gives the same key that day, another a different one', async () => {
    await recordAudit({ actor: null, kind: 'sign-in-failed', action: 'wrong password', context: context('198.51.100.4', 'req-f1') })
    await recordAudit({ actor: null, kind: 'sign-in-failed', action: 'wrong password', context: context('198.51.100.4', 'req-f2') })
    await recordAudit({ actor: null, kind: 'sign-in-failed', action: 'wrong password', context: context('198.51.100.5', 'req-f3') })
    const [first, second, third] = await Promise.all(
      ['req-f1', 'req-f2', 'req-f3'].map((requestId) => AuditEvent.findOne({ requestId }).lean()),
    )
    expect(first).toMatchObject({ actorId: null, actorUsername: null, kind: 'sign-in-failed' })
    expect(first!.changes).toBeUndefined()
    expect(first!.addressKey).toBe(second!.addressKey)
    expect(third!.addressKey).not.toBe(first!.addressKey)
  })

  it('logs a write that fails instead of throwing: the change it records is already saved', async () => {
    await expect(
      recordAudit({ actor: owner, kind: 'nonsense' as never, action: 'x', context: context('127.0.0.1', 'req-bad-kind') }),
    ).resolves.toBeUndefined()
    expect(await AuditEvent.exists({ requestId: 'req-bad-kind' })).toBeNull()
  })
})

describe('audit retention', () => {
  it('prunes events older than a year and keeps the rest', async () => {
    const day = 24 * 60 * 60 * 1000
    const base = { kind: 'sign-in', action: 'signed in', addressKey: 'k', requestId: 'r' }
    await AuditEvent.collection.insertMany([
      { ...base, at: new Date(Date.now() - 366 * day), requestId: 'old-1' },
      { ...base, at: new Date(Date.now() - 400 * day), requestId: 'old-2' },
      { ...base, at: new Date(Date.now() - 364 * day), requestId: 'kept' },
    ])
    expect(await pruneAuditTrail()).toBe(2)
    expect(await AuditEvent.exists({ requestId: 'kept' })).not.toBeNull()
    expect(await AuditEvent.exists({ requestId: { $in: ['old-1', 'old-2'] } })).toBeNull()
  })
})
