import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import zlib from 'node:zlib'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'
import type { ServerBuild } from 'react-router'
import { describe, expect, it } from 'vitest'
import { logLinesAsCsv, type LogLineSource } from '#app/analytics/access-analytics.server'
import type { LogLine } from '#app/analytics/recent-log'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

const ROWS = 1_000_000
const SAMPLE_EVERY_ROWS = 50_000
const PATHS = ['/', '/checkout', '/news', '/news/ftc-safeguards-rule', '/privacy-policy', '/api/plans']

/** Memory a streamed response could pin: the JS heap plus the buffers outside it. */
function liveBytes() {
  gc()
  const { heapUsed, arrayBuffers, external } = process.memoryUsage()
  return heapUsed + Math.max(arrayBuffers, external)
}

/** ROWS generated log lines (no database), sampling live memory after a full GC as they are read. */
function generatedLines(samples: number[]): LogLineSource {
  let row = 0
  const start = Date.now()
  return {
    async next(): Promise<LogLine | null> {
      if (row === ROWS) return null
      if (row % SAMPLE_EVERY_ROWS === 0) samples.push(liveBytes())
      row++
      return {
        timestamp: new Date(start - row * 80),
        method: row % 10 === 0 ? 'POST' : 'GET',
        path: PATHS[row % PATHS.length]!,
        status: row % 23 === 0 ? 404 : 200,
        responseTimeMs: (row % 997) / 10,
        visitorKey: `visitor-${row % 5000}`,
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
        referrer: row % 3 === 0 ? 'https://www.example.com/search' : null,
      }
    },
    close: async () => undefined,
  }
}

/** The smallest server build React Router accepts: one resource route that streams the CSV. */
function buildWithCsvRoute(samples: number[]): ServerBuild {
  const loader = () => new Response(logLinesAsCsv(generatedLines(samples)), { headers: { 'Content-Type': 'text/csv; charset=utf-8' } })
  return {
    entry: { module: { default: () => new Response('no documents here', { status: 404 }) } },
    routes: {
      root: { id: 'root', path: '', module: {} },
      export: { id: 'export', parentId: 'root', path: 'export.csv', module: { loader } },
    },
    assets: { routes: {}, entry: { module: '', imports: [] }, url: '', version: 'test' },
    publicPath: '/',
    assetsBuildDirectory: '',
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  } as unknown as ServerBuild
}

describe('the CSV export through React Router’s Express adapter', () => {
  it('streams 10^6 rows, compressed, with the memory of the process flat', { timeout: 120_000 }, async () => {
    const samples: number[] = []
    // The same middleware the production server puts in front of React Router (server.ts).
    const app = express()
    app.use(compression())
    app.all('/{*splat}', createRequestHandler({ build: buildWithCsvRoute(samples), mode: 'production' }))
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    const baseline = liveBytes()
    let lines = 0
    let bytes = 0
    try {
      const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http
          .get({ port: (server.address() as AddressInfo).port, path: '/export.csv', headers: { 'Accept-Encoding': 'br' } }, resolve)
          .on('error', reject),
      )
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-encoding']).toBe('br')
      const counter = new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.length
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++
          done()
        },
      })
      await pipeline(response, zlib.createBrotliDecompress(), counter)
    } finally {
      server.close()
    }
    expect(lines).toBe(ROWS + 1)
    const peakGrowthMb = (Math.max(...samples) - baseline) / 1024 / 1024
    console.log(
      `CSV export: ${ROWS} rows, ${(bytes / 1024 / 1024).toFixed(0)} MB, peak live memory ${peakGrowthMb.toFixed(1)} MB above the start`,
    )
    // React Router 7.18's writer kept every written chunk until the response ended: ~150 MB here.
    expect(peakGrowthMb).toBeLessThan(24)
  })
})
