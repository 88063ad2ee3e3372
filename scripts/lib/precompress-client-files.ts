// Compresses the browser's files once, at build time, at the strongest settings: a request for a
// script or stylesheet is then a file read, where compressing on the fly cost the server about 8 ms
// of CPU per request of the site shell and sent 17 % more bytes (Brotli's on-the-fly quality is 4).
// The server picks the file for the encoding a browser accepts (app/server/precompressed-files.server.ts).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'
import { PRECOMPRESSED_SUFFIXES } from '../../app/server/precompressed-files.server.ts'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** Text formats worth compressing; images in PNG or ICO are compressed already. */
const COMPRESSIBLE = /\.(js|css|svg|json|webmanifest|txt|xml|map)$/
/** Below a packet's worth the headers outweigh what compression saves. */
const SMALLEST = 1024

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    // Dot folders hold the bundler's own records (Vite's manifest), which are never served.
    entries
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => {
        const full = path.join(dir, entry.name)
        return entry.isDirectory() ? filesUnder(full) : Promise.resolve([full])
      }),
  )
  return nested.flat()
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file that gets smaller; returns the files written. */
export async function precompressFiles(dir: string): Promise<string[]> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file))
  const written: string[] = []
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < SMALLEST) return
      const bytes = await readFile(file)
      const encoded = {
        br: await brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzip: await gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
      }
      for (const encoding of ['br', 'gzip'] as const) {
        if (encoded[encoding].length >= bytes.length) continue
        await writeFile(file + PRECOMPRESSED_SUFFIXES[encoding], encoded[encoding])
        written.push(file + PRECOMPRESSED_SUFFIXES[encoding])
      }
    }),
  )
  return written
}

/**
 * Vite plugin: precompresses the browser build's folder once the whole app is built, since React
 * Router writes the browser's route manifest there during the server build.
 */
export function precompressClientFiles(): Plugin {
  return {
    name: 'precompress-client-files',
    apply: 'build',
    buildApp: {
      order: 'post',
      async handler(builder) {
        const client = builder.environments.client
        if (client) await precompressFiles(path.resolve(builder.config.root, client.config.build.outDir))
      },
    },
  }
}
