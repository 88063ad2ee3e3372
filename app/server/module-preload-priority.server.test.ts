import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { lowerModulePreloadPriority } from './module-preload-priority.server'

async function rewrite(chunks: string[]) {
  return text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(lowerModulePreloadPriority()))
}

const html = '<head><link rel="modulepreload" href="/a.js"/><link rel="modulepreload" href="/b.js"/></head><body>é ✓</body>'
const expected = html.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"')

describe('lowerModulePreloadPriority', () => {
  it('marks every module preload low priority and leaves the rest alone', async () => {
    expect(await rewrite([html])).toBe(expected)
  })

  it('finds a tag however the stream splits it, and never splits a character', async () => {
    const bytes = Buffer.from(html)
    for (let cut = 1; cut < bytes.length; cut++) {
      const chunks = [bytes.subarray(0, cut), bytes.subarray(cut)]
      const result = await text(Readable.from(chunks).pipe(lowerModulePreloadPriority()))
      expect(result, `split at byte ${cut}`).toBe(expected)
    }
  })

  it('holds back nothing that cannot start a tag', async () => {
    const stream = lowerModulePreloadPriority()
    const out: string[] = []
    stream.on('data', (chunk: Buffer) => out.push(chunk.toString()))
    stream.write(Buffer.from('<p>streamed</p>'))
    stream.write(Buffer.from('<script>go()</script><li'))
    await new Promise((resolve) => setImmediate(resolve))
    expect(out.join('')).toBe('<p>streamed</p><script>go()</script>')
  })
})
