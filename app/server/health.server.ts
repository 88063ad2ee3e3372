import { Router } from 'express'
import { pingDatabase } from '#app/db/connection.server'

/** /healthz: the process runs. /readyz: it can serve traffic, database included. */
export const healthRoutes = Router()

healthRoutes.get('/healthz', (_req, res) => {
  res.set('Cache-Control', 'no-store').json({ status: 'ok' })
})

healthRoutes.get('/readyz', async (_req, res) => {
  res.set('Cache-Control', 'no-store')
  try {
    await pingDatabase()
    res.json({ status: 'ready' })
  } catch (error) {
    // The reason is for the operator's log; the answer is public and names no internals.
    console.warn(`[readyz] database unavailable: ${(error as Error).message}`)
    res.status(503).json({ status: 'unavailable' })
  }
})
