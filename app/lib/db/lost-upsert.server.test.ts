import { describe, expect, it } from 'vitest'
import { retryLostUpsert } from './lost-upsert.server'

const duplicateKey = Object.assign(new Error('E11000 duplicate key error'), { code: 11000 })

describe('retryLostUpsert', () => {
  it('writes again after a lost race, and answers what the write that succeeded answered', async () => {
    let calls = 0
    const result = await retryLostUpsert(async () => {
      calls++
      if (calls < 3) throw duplicateKey
      return 'updated'
    })
    expect([result, calls]).toEqual(['updated', 3])
  })

  it('gives up after the attempts it was given, with the last error', async () => {
    let calls = 0
    const failing = () => {
      calls++
      return Promise.reject(duplicateKey)
    }
    await expect(retryLostUpsert(failing, 2)).rejects.toBe(duplicateKey)
    expect(calls).toBe(2)
  })

  it('never repeats a write that failed for another reason', async () => {
    let calls = 0
    const unavailable = new Error('connection refused')
    const failing = () => {
      calls++
      return Promise.reject(unavailable)
    }
    await expect(retryLostUpsert(failing)).rejects.toBe(unavailable)
    expect(calls).toBe(1)
  })
})
