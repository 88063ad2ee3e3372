import { createRequire } from 'node:module'
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino'
import type PinoPretty from 'pino-pretty'
import { BUILD_INFO } from '#app/lib/build-info.server'
import { INSTANCE_ID } from '#app/lib/instance.server'
import { LOG_LEVELS, type LogLevel } from './log-levels'
import { maskPersonalData } from './personal-data'
import { currentRequestScope } from './request-scope.server'
import { recordError } from './tracing.server'

const ERROR_LEVEL = pino.levels.values.error!
// Field names that hold personal data or secrets: censored if an object carrying them is logged by
// mistake. The server's own log calls name safe fields only (ids, statuses, counts). Top-level
// paths only: pino's wildcard paths (`*.email`) cost 10–25 µs per line in a local measurement,
// more than the rest of the line, and a nested object would carry other personal text anyway.
// (Not `message`: an error's text is masked by serializeError instead.)
const REDACT_PATHS = ['password', 'email', 'phone', 'cookie', 'authorization', 'card', 'headers.cookie', 'headers.authorization']

/** Errors keep their kind, code and stack; their text goes through the personal-data mask. */
function serializeError(error: unknown) {
  if (!(error instanceof Error)) return { message: maskPersonalData(String(error)) }
  const { code } = error as { code?: unknown }
  return {
    type: error.name,
    message: maskPersonalData(error.message),
    ...(code !== undefined ? { code } : {}),
    ...(error.stack ? { stack: maskPersonalData(error.stack) } : {}),
  }
}

function levelFromEnv(): LogLevel {
  const level = process.env.LOG_LEVEL?.trim().toLowerCase()
  // A bad value stops start-up through the environment schema; until then, the default.
  return LOG_LEVELS.find((known) => known === level) ?? 'info'
}

/** Development: one readable line per entry (pino-pretty, a dev dependency). Elsewhere: JSON. */
function developmentStream(): DestinationStream | undefined {
  if ((process.env.NODE_ENV ?? 'development') !== 'development') return undefined
  try {
    const pretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty
    return pretty({
      sync: true,
      colorize: process.stdout.isTTY,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'instance,version,reqId,method,path,route,status,durationMs',
      messageFormat: (entry, messageKey) =>
        entry.method
          ? `${entry.method as string} ${entry.path as string} ${entry.status as number} ${entry.durationMs as number} ms`
          : `${entry[messageKey] as string}`,
    })
  } catch {
    return undefined // dev dependencies not installed: JSON it is
  }
}

/** The logger's settings, writing to `destination` (the server's: stdout, or readable lines in development). */
export function createLogger(destination: DestinationStream = developmentStream() ?? stdoutStream()): Logger {
  const options: LoggerOptions = {
    level: levelFromEnv(),
    base: { instance: INSTANCE_ID, version: BUILD_INFO.version },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    serializers: { err: serializeError, error: serializeError },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    // The request being handled, if any: its id goes into the line.
    mixin: () => {
      const scope = currentRequestScope()
      return scope ? { reqId: scope.id } : {}
    },
    hooks: {
      logMethod(args, method, level) {
        const masked = args.map((arg: unknown) => (typeof arg === 'string' ? maskPersonalData(arg) : arg))
        // An error worth a line at error level is recorded on the trace too (when tracing).
        if (level >= ERROR_LEVEL) {
          const fields: unknown = args[0]
          const err = typeof fields === 'object' && fields !== null ? (fields as { err?: unknown }).err : undefined
          if (err !== undefined) recordError(err)
        }
        method.apply(this, masked as Parameters<typeof method>)
      },
    },
  }
  return pino(options, destination)
}

// Lines go to stdout in the background: a synchronous write per request line cost cached pages
// 10–18 % of their throughput. pino writes what is still held at exit (not after a SIGKILL); should
// stdout stall beyond the bound, later lines are dropped rather than memory growing.
const MAX_BUFFERED_LOG_BYTES = 16 * 1024 * 1024

function stdoutStream(): DestinationStream {
  return pino.destination({ dest: 1, sync: false, maxLength: MAX_BUFFERED_LOG_BYTES })
}

/**
 * The server's one logger: JSON lines on stdout (LOG_LEVEL, default info), each with the instance,
 * the running version and, inside a request, its id. `log.warn({ outboxId }, 'what happened')`; errors as `{ err }`.
 */
export const log: Logger = createLogger()
