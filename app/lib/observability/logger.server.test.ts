import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { version } from '../../../package.json'
import { createLogger } from './logger.server'

function capturedLogger() {
  const lines: Record<string, unknown>[] = []
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>)
      done()
    },
  })
  return { logger: createLogger(destination), lines }
}

describe('a log line', () => {
  it("names the running version (package.json's), whatever logged it", async () => {
    const { logger, lines } = capturedLogger()
    logger.info('started')
    logger.child({ job: 'deliver-outbox' }).warn({ outboxId: 'abc' }, 'retrying')
    logger.error({ err: new Error('boom') }, 'failed')
    await new Promise((resolve) => setImmediate(resolve))
    expect(lines).toHaveLength(3)
    for (const line of lines) expect(line).toMatchObject({ version, instance: expect.any(String) })
    expect(version).toMatch(/^\d+\.\d+\.\d+/)
  })
})
