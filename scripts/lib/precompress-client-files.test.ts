import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, test } from 'vitest'
import { precompressFiles } from './precompress-client-files'

let dir: string
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Text that compresses, of about `bytes` bytes. */
const script = (bytes: number) => 'export const greeting = "hello, Roswell";\n'.repeat(Math.ceil(bytes / 42))

describe('precompressing the browser build', () => {
  test('writes Brotli and gzip copies that decode to the file, for compressible files of 1 KB or more only', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'precompress-'))
    await mkdir(path.join(dir, 'assets'))
    await mkdir(path.join(dir, '.vite'))
    const shell = script(40_000)
    await writeFile(path.join(dir, 'assets/shell.js'), shell)
    await writeFile(path.join(dir, 'assets/tiny.js'), script(500))
    await writeFile(path.join(dir, 'drawing.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="1"/>'.repeat(200)}</svg>`)
    // Already compressed formats, and the bundler's own records, are left alone.
    await writeFile(path.join(dir, 'photo.png'), Buffer.alloc(4096, 7))
    await writeFile(path.join(dir, '.vite/manifest.json'), JSON.stringify({ padding: 'x'.repeat(4096) }))

    const written = (await precompressFiles(dir)).map((file) => path.relative(dir, file)).sort()
    expect(written).toEqual(['assets/shell.js.br', 'assets/shell.js.gz', 'drawing.svg.br', 'drawing.svg.gz'])
    expect((await readdir(path.join(dir, '.vite'))).sort()).toEqual(['manifest.json'])

    const brotli = await readFile(path.join(dir, 'assets/shell.js.br'))
    const gzip = await readFile(path.join(dir, 'assets/shell.js.gz'))
    expect(brotliDecompressSync(brotli).toString()).toBe(shell)
    expect(gunzipSync(gzip).toString()).toBe(shell)
    expect(brotli.length).toBeLessThan(shell.length / 10)
  })
})
