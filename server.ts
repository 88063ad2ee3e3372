// The HTTP entry: Express 5 around the React Router request handler.
// Order matters: health checks answer before anything else; static files skip the access log.
import { readdirSync } from 'node:fs'
import type { Server } from 'node:http'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'
import { createRequestHandler as createPageHandler, type ServerBuild } from 'react-router'
import { adminSessionCookieName } from '#app/auth/admin-session.server'
import { getEnv, InvalidEnvironmentError } from '#app/config/env.server'
import { contextFor } from '#app/http/request-context'
import { disconnectFromDatabase } from '#app/db/connection.server'
import { AccessLogBuffer } from '#app/observability/access-log.server'
import { watchContentVersion } from '#app/content/content-version.server'
import { createPageCache } from '#app/page-cache/page-cache.server'
import { toastCookieName } from '#app/session/toast.server'
import { startBackgroundJobs } from '#app/server/background-jobs.server'
import { healthRoutes } from '#app/server/health.server'
import { cspNonce, securityHeaders } from '#app/server/security-headers.server'
import { backgroundJobs, prepareDatabase } from '#app/server/startup.server'

function readEnv() {
  try {
    return getEnv()
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

const env = readEnv()
const production = env.NODE_ENV === 'production'

try {
  await prepareDatabase(env)
} catch (error) {
  console.error(`Could not prepare the database at MONGODB_URI: ${(error as Error).message}`)
  process.exit(1)
}

const app = express()
app.disable('x-powered-by')
app.set('trust proxy', env.TRUST_PROXY)
app.use(healthRoutes)
app.use(compression())
app.use(cspNonce)
app.use(securityHeaders({ production }))

let build: ServerBuild | (() => Promise<ServerBuild>)
if (production) {
  // Hashed file names never change content: cache them for a year.
  app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y', index: false }))
  // Only paths under the folder's own top-level entries reach the file system: for a page, a stat
  // that finds nothing and the 404 error object behind it cost about a fifth of a cached answer.
  const publicEntries = new Set(readdirSync('build/client'))
  const publicFiles = express.static('build/client', { maxAge: '1h', index: false })
  app.use((req, res, next) => (publicEntries.has(req.path.split('/')[1] ?? '') ? publicFiles(req, res, next) : next()))
  // Resolved at run time from build/server.js: the React Router build sits beside it.
  const serverBuildPath = './server/index.js'
  build = (await import(serverBuildPath)) as ServerBuild
} else {
  const vite = await import('vite').then(({ createServer }) => createServer({ server: { middlewareMode: true } }))
  app.use(vite.middlewares)
  build = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
}

const accessLog = new AccessLogBuffer()
app.use(accessLog.middleware)

// Anonymous visitors' public pages from memory, after the access log (which records them) and
// before React Router (see app/page-cache/). Production only: in development every edit must show.
const pageCache =
  production && env.PAGE_CACHE_MB > 0
    ? createPageCache({
        render: createPageHandler(build as ServerBuild, env.NODE_ENV),
        siteUrl: env.SITE_URL,
        maxBytes: env.PAGE_CACHE_MB * 1024 * 1024,
        ttlMs: env.PAGE_CACHE_TTL_SECONDS * 1000,
        bypassCookies: [adminSessionCookieName(), toastCookieName()],
      })
    : null
if (pageCache) app.use(pageCache.middleware)
app.all(
  '/{*splat}',
  createRequestHandler({
    build,
    mode: env.NODE_ENV,
    getLoadContext: (req, res) =>
      contextFor({ cspNonce: res.locals.cspNonce as string, clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown' }),
  }),
)

const server: Server = app.listen(env.PORT, env.HOST)
server.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EADDRINUSE') console.error(`Port ${env.PORT} is already in use on ${env.HOST}: stop the other server or set PORT.`)
  else console.error(`Could not listen on ${env.HOST}:${env.PORT}: ${error.message}`)
  process.exit(1)
})
server.on('listening', () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : env.PORT
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST
  console.log(`Serving http://${host}:${port}`)
})
accessLog.start()
const stopJobs = startBackgroundJobs(backgroundJobs)
// Every process checks the content version each second: cached pages and lists follow content changes.
const stopWatchingContent = watchContentVersion()

let shuttingDown = false
async function shutdown(signal: string) {
  if (shuttingDown) return
  shuttingDown = true
  console.log(`${signal} received: finishing in-flight requests`)
  const forceExit = setTimeout(() => {
    console.error('Shutdown took longer than 10 s; exiting')
    process.exit(1)
  }, 10_000)
  forceExit.unref()
  await new Promise<void>((resolve) => {
    server.close(() => resolve())
    server.closeIdleConnections()
  })
  stopWatchingContent()
  pageCache?.stop()
  await stopJobs()
  await accessLog.stop()
  await disconnectFromDatabase()
  console.log('Stopped cleanly')
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
