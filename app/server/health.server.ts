import { Router } from 'express'
import { pingDatabase } from '#app/lib/db/connection.server'
import { log } from '#app/lib/observability/logger.server'
import { labelRoute } from '#app/lib/observability/request-scope.server'
import { isDraining } from './shutdown.server'

/**
 * /healthz: the process runs (until it exits). /readyz: it should get traffic: the database
 * answers and the server is not shutting down.
 */
export const healthRoutes = Router()

healthRoutes.get('/healthz', (_req, res) => {
  labelRoute('/healthz')
  res.set('Cache-Control', 'no-store').json({ status: 'ok' })
})

healthRoutes.get('/readyz', async (_req, res) => {
  labelRoute('/readyz')
  res.set('Cache-Control', 'no-store')
  if (isDraining()) {
    res.status(503).json({ status: 'draining' })
    return
  }
  try {
    await pingDatabase()
    res.json({ status: 'ready' })
  } catch (error) {
    // The reason is for the operator's log; the answer is public and names no internals.
    log.warn({ err: error }, 'readyz: database unavailable')
    res.status(503).json({ status: 'unavailable' })
  }
})
