import { Router } from 'express'
import { pingDatabase } from '#app/lib/db/connection.server'
import { log } from '#app/lib/observability/logger.server'
import { labelRoute } from '#app/lib/observability/request-scope.server'
import { isDraining } from './shutdown.server'

/**
 * /livez: the process runs (until it exits). /readyz: it should get traffic: started and not
 * shutting down. A database outage is not a reason to leave the balancer's pool: every instance
 * would leave at once, and the stale pages the cache keeps for that moment would never be served.
 * /healthz: the same as /livez, plus the database's state for a person or a dashboard (also the
 * `mongodb_up` metric).
 */
export const healthRoutes = Router()

healthRoutes.get('/livez', (_req, res) => {
  labelRoute('/livez')
  res.set('Cache-Control', 'no-store').json({ status: 'ok' })
})

healthRoutes.get('/readyz', (_req, res) => {
  labelRoute('/readyz')
  res.set('Cache-Control', 'no-store')
  if (isDraining()) res.status(503).json({ status: 'draining' })
  else res.json({ status: 'ready' })
})

healthRoutes.get('/healthz', async (_req, res) => {
  labelRoute('/healthz')
  res.set('Cache-Control', 'no-store')
  let database: 'up' | 'down' = 'up'
  try {
    await pingDatabase(1000)
  } catch (error) {
    // The reason is for the operator's log; the answer is public and names no internals.
    log.warn({ err: error }, 'healthz: database unavailable')
    database = 'down'
  }
  res.json({ status: 'ok', database })
})
