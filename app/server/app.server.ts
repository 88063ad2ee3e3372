// The Express app around the React Router request handler. Vite builds it as the SSR input, with
// the React Router build, into build/server/index.js: one bundle, so every module (the logger, the
// metrics, the request context) exists once per process. server.ts only loads it, listens and
// shuts down; cluster.ts runs server.ts once per core.
// Order matters: the request log (request id, log line, metrics) sees every request; health checks
// and metrics answer before anything else; a page already in the page cache comes next (with the
// access log's record); static files skip the access log; pages still to render go through the
// page cache after the access log and the body guard.
import { readdirSync } from 'node:fs'
import type { Server } from 'node:http'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express, { type Express, type RequestHandler } from 'express'
import { createRequestHandler as createPageHandler } from 'react-router'
import { adminSessionCookieName } from '#app/staff/admin-session.server'
import { closeAllEventStreams } from '#app/chat/event-stream.server'
import { chatFeed } from '#app/chat/live-feed.server'
import { envAtStart } from '#app/lib/config/env-at-start.server'
import { watchContentVersion } from '#app/catalogue/content-version.server'
import { disconnectFromDatabase } from '#app/lib/db/connection.server'
import { limitRequestBodies } from '#app/lib/http/body-limit-guard.server'
import { refuseConnect, refuseUnservedMethods } from '#app/lib/http/method-guard.server'
import { refuseHostileUrls } from '#app/lib/http/url-guard.server'
import { contextFor } from '#app/lib/http/request-context'
import { AccessLogBuffer } from '#app/analytics/access-log.server'
import { log } from '#app/lib/observability/logger.server'
import { answerScrapesFromWorkers, metricsEndpoint, ROUTE_LABELS } from '#app/lib/observability/metrics.server'
import { labelled, requestLog } from '#app/lib/observability/request-log.server'
import { flushTracing } from '#app/lib/observability/tracing.server'
import { firstAttemptsSettled } from '#app/integrations/mail/outbox.server'
import { createPageCache } from '#app/page-cache/page-cache.server'
import { startBackgroundJobs } from '#app/server/background-jobs.server'
import { healthRoutes } from '#app/server/health.server'
import { precompressedFiles } from '#app/server/precompressed-files.server'
import { cspNonce, securityHeaders } from '#app/server/security-headers.server'
import { closeConnectionsWhileDraining, gracefulShutdown } from '#app/server/shutdown.server'
import { backgroundJobs, prepareDatabase } from '#app/server/startup.server'
import { sessionSecrets } from '#app/lib/session/secrets.server'
import { toastCookieName } from '#app/lib/session/toast.server'

export type StartedApp = {
  app: Express
  port: number
  host: string
  /** Wires the listening server: its errors, CONNECT refusal, and the shutdown on SIGTERM and SIGINT. */
  serve: (server: Server) => void
}

/**
 * Prepares the database, builds the Express app and starts the background work. In development,
 * `assets` is Vite's middleware (server.ts loads this module through Vite); in production the
 * built files are served from build/client.
 */
export async function startApp({ assets }: { assets?: RequestHandler } = {}): Promise<StartedApp> {
  const env = envAtStart()
  const production = env.NODE_ENV === 'production'
  try {
    await prepareDatabase(env)
  } catch (error) {
    log.fatal({ err: error }, 'Could not prepare the database at MONGODB_URI')
    process.exit(1)
  }

  // In production Vite bundled the React Router build in with this module; in development the
  // import goes through Vite each time, so edited routes show. Handed a function, React Router
  // derives its route handler again on every request, so production hands it the build itself.
  const loadBuild = () => import('virtual:react-router/server-build')
  const build = production ? await loadBuild() : loadBuild

  const accessLog = new AccessLogBuffer()
  // Anonymous visitors' public pages from memory (see app/page-cache/). Production only: in
  // development every edit must show.
  const pageCache =
    production && env.PAGE_CACHE_MB > 0
      ? createPageCache({
          render: createPageHandler(await loadBuild(), env.NODE_ENV),
          siteUrl: env.SITE_URL,
          maxBytes: env.PAGE_CACHE_MB * 1024 * 1024,
          ttlMs: env.PAGE_CACHE_TTL_SECONDS * 1000,
          bypassCookies: [adminSessionCookieName(), toastCookieName()],
        })
      : null

  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', env.TRUST_PROXY)
  app.use(requestLog)
  app.use(refuseHostileUrls)
  app.use(closeConnectionsWhileDraining)
  app.use(healthRoutes)
  app.get('/metrics', metricsEndpoint(env.METRICS_TOKEN))
  // A page already in memory is answered here, recorded by the access log, with the headers the rest
  // of the chain gave it when it was rendered.
  if (pageCache) app.use(pageCache.answerEarly(accessLog.middleware))
  app.use(compression())
  app.use(cspNonce)
  app.use(securityHeaders({ production }))
  app.use(refuseUnservedMethods)

  if (assets) {
    app.use(labelled(ROUTE_LABELS.static, assets))
  } else {
    // Hashed file names never change content: cache them for a year.
    app.use(
      '/assets',
      labelled(ROUTE_LABELS.static, precompressedFiles('build/client/assets', { immutable: true, maxAge: '1y', index: false })),
    )
    // Only paths under the folder's own top-level entries reach the file system: for a page, a stat
    // that finds nothing and the 404 error object behind it cost about a fifth of a cached answer.
    const publicEntries = new Set(readdirSync('build/client'))
    const publicFiles = labelled(ROUTE_LABELS.static, precompressedFiles('build/client', { maxAge: '1h', index: false }))
    app.use((req, res, next) => (publicEntries.has(req.path.split('/')[1] ?? '') ? publicFiles(req, res, next) : next()))
  }

  app.use(accessLog.middleware)
  app.use(limitRequestBodies)
  // Pages not in memory yet (or past their time): rendered once, kept and answered (app/page-cache/).
  if (pageCache) app.use(pageCache.middleware)
  app.all(
    '/{*splat}',
    createRequestHandler({
      build,
      mode: env.NODE_ENV,
      getLoadContext: (req, res) =>
        contextFor({
          cspNonce: res.locals.cspNonce as string,
          clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown',
          requestId: res.locals.requestId as string,
        }),
    }),
  )

  accessLog.start()
  const stopJobs = startBackgroundJobs(backgroundJobs)
  // Every process checks the content version each second: cached pages and lists follow content changes.
  const stopWatchingContent = watchContentVersion()

  function serve(server: Server) {
    server.on('connect', refuseConnect)
    server.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') log.fatal(`Port ${env.PORT} is already in use on ${env.HOST}: stop the other server or set PORT.`)
      else log.fatal({ err: error }, `Could not listen on ${env.HOST}:${env.PORT}`)
      process.exit(1)
    })
    server.on('listening', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : env.PORT
      const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST
      log.info(`Serving http://${host}:${port}`)
    })
    const shutdown = gracefulShutdown({
      server,
      drainMs: env.SHUTDOWN_DRAIN_MS,
      // Chat event streams end with a retry hint, so browsers reconnect (through the balancer, elsewhere).
      endStreams: closeAllEventStreams,
      finish: [
        { name: 'chat feed', run: async () => chatFeed.stop() },
        {
          name: 'content version checks',
          run: async () => {
            stopWatchingContent()
            pageCache?.stop()
          },
        },
        { name: 'background jobs', run: stopJobs },
        { name: 'notifications under way', run: firstAttemptsSettled },
        { name: 'access log', run: () => accessLog.stop() },
        { name: 'database', run: disconnectFromDatabase },
        // Last, so the spans of the steps above are sent too (nothing to do without tracing).
        { name: 'traces', run: flushTracing },
      ],
    })
    process.on('SIGTERM', (signal) => void shutdown(signal))
    process.on('SIGINT', (signal) => void shutdown(signal))
  }

  return { app, port: env.PORT, host: env.HOST, serve }
}

/**
 * What the cluster's primary (cluster.ts) needs: how many workers, how long a worker's shutdown may
 * take, the environment to hand them, the logger, and the answer to workers' metrics scrapes. It
 * prepares nothing and touches no database.
 */
export function clusterSettings() {
  const env = envAtStart()
  return {
    workerCount: env.WEB_CONCURRENCY,
    drainMs: env.SHUTDOWN_DRAIN_MS,
    // Cookies signed by one worker must be read by the others: without SESSION_SECRET, the secret
    // made for this start is handed to every worker.
    workerEnv: env.SESSION_SECRET ? {} : { SESSION_SECRET: sessionSecrets()[0]! },
    log,
    answerScrapesFromWorkers,
  }
}
