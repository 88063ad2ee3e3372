import type { Server } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import type { NextFunction, Request, Response } from 'express'
import { log } from '#app/lib/observability/logger.server'

// A shutdown the load balancer can follow. On SIGTERM /readyz answers 503 at once, so the balancer
// stops sending new visitors here; the server keeps answering for the drain time (requests the
// balancer already routed, and it needs a few probes to notice), then stops accepting connections,
// finishes the requests in flight and the work it owes (notifications under way, the access-log
// buffer) and disconnects. SIGINT (Ctrl-C in a terminal) skips the drain.

let draining = false

/** True from the shutdown signal on: /readyz answers 503. */
export function isDraining() {
  return draining
}

/** While draining, each answer closes its connection, so keep-alive clients reconnect elsewhere. */
export function closeConnectionsWhileDraining(_req: Request, res: Response, next: NextFunction) {
  if (draining) res.setHeader('Connection', 'close')
  next()
}

/** Time for in-flight requests after the drain before their connections are cut. */
const IN_FLIGHT_LIMIT_MS = 10_000
/** Time for the finishing steps (notifications have 10–20 s network timeouts of their own). */
const FINISH_LIMIT_MS = 25_000

export type FinishingStep = { name: string; run: () => Promise<unknown> }

export function gracefulShutdown({
  server,
  drainMs,
  endStreams,
  finish,
}: {
  server: Server
  drainMs: number
  /** Ends long-lived answers (chat event streams) when connections stop being accepted: they never finish by themselves. */
  endStreams?: () => void
  finish: FinishingStep[]
}) {
  return async function shutdown(signal: NodeJS.Signals) {
    if (draining) return
    draining = true
    const drain = signal === 'SIGTERM' ? drainMs : 0
    const forceExit = setTimeout(
      () => {
        log.fatal({ signal }, 'shutdown did not finish in time; exiting')
        process.exit(1)
      },
      drain + IN_FLIGHT_LIMIT_MS + FINISH_LIMIT_MS,
    )
    forceExit.unref()
    log.info({ signal, drainMs: drain }, 'shutting down: /readyz answers 503; still serving during the drain')
    await sleep(drain)

    log.info('no longer accepting connections; finishing requests in flight')
    endStreams?.()
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    // Connections that finish their request while closing are idle: close them as they become so.
    const idleSweep = setInterval(() => server.closeIdleConnections(), 100)
    server.closeIdleConnections()
    const cutOff = setTimeout(() => {
      log.warn('requests still in flight after 10 s: closing their connections')
      server.closeAllConnections()
    }, IN_FLIGHT_LIMIT_MS)
    await closed
    clearInterval(idleSweep)
    clearTimeout(cutOff)

    for (const step of finish) {
      try {
        await step.run()
      } catch (error) {
        log.error({ step: step.name, err: error }, 'shutdown step failed')
      }
    }
    log.info('Stopped cleanly')
    process.exit(0)
  }
}
