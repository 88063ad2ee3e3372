import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { Writable } from 'node:stream'
import { writeReadableStreamToWritable } from '@react-router/node'
import { describe, expect, it } from 'vitest'
import { writeBody } from './request-handler.server'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

const CHUNKS = 60
const CHUNK_BYTES = 64 * 1024

/**
 * Streams CHUNKS chunks into a slow sink through `write`; once the last chunk has been read, counts
 * how many of the earlier ones a full garbage collection could not free.
 */
async function chunksStillAlive(write: (body: ReadableStream<Uint8Array>, sink: Writable) => Promise<void>) {
  const alive = new Set<number>()
  const registry = new FinalizationRegistry((index: number) => alive.delete(index))
  let sent = 0
  let received = 0
  let aliveNearTheEnd = -1
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (sent === CHUNKS) {
          // Every earlier chunk was written long ago: none of them should survive a collection.
          gc()
          await new Promise((resolve) => setTimeout(resolve, 20))
          aliveNearTheEnd = alive.size
          controller.close()
          return
        }
        const chunk = new Uint8Array(CHUNK_BYTES).fill(sent % 255)
        registry.register(chunk, sent)
        alive.add(sent)
        sent++
        controller.enqueue(chunk)
      },
    },
    { highWaterMark: 1 },
  )
  const sink = new Writable({
    highWaterMark: CHUNK_BYTES,
    write(chunk: Uint8Array, _encoding, done) {
      received += chunk.byteLength
      setImmediate(done)
    },
  })
  await write(body, sink)
  expect(received).toBe(CHUNKS * CHUNK_BYTES)
  return aliveNearTheEnd
}

describe('writeBody', () => {
  it('keeps no chunk once written (the adapter it replaces kept them all until the end)', async () => {
    // A handful may still sit in the stream's queue or the sink's buffer; the rest must be gone.
    expect(await chunksStillAlive(writeBody)).toBeLessThanOrEqual(4)
    // The control: @react-router/node's writer (7.18) holds on to every chunk it has written.
    expect(await chunksStillAlive(writeReadableStreamToWritable)).toBeGreaterThan(CHUNKS - 4)
  })

  it('cancels the body when the client goes away, and ends the response when it is done', async () => {
    let cancelled = false
    const endless = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.enqueue(new Uint8Array(1024)),
      cancel: () => {
        cancelled = true
      },
    })
    const sink = new Writable({
      write(_chunk, _encoding, done) {
        setTimeout(done, 1)
      },
    })
    setTimeout(() => sink.destroy(), 30)
    await writeBody(endless, sink)
    expect(cancelled).toBe(true)

    const finished = new Writable({ write: (_chunk, _encoding, done) => done() })
    await writeBody(new Response('all of it').body!, finished)
    expect(finished.writableEnded).toBe(true)
  })

  it('destroys the response when the body fails midway', async () => {
    const failing = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(10))
        controller.error(new Error('cursor lost'))
      },
    })
    const sink = new Writable({ write: (_chunk, _encoding, done) => done() })
    await expect(writeBody(failing, sink)).rejects.toThrow('cursor lost')
    expect(sink.destroyed).toBe(true)
    expect(sink.writableEnded).toBe(false)
  })
})
