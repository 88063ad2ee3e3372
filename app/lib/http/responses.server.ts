import { data } from 'react-router'
import { isDatabaseUnavailable } from '#app/lib/db/connection.server'
import { LockTimeoutError } from '#app/lib/db/document-lock.server'
import { log } from '#app/lib/observability/logger.server'
import { DATABASE_UNAVAILABLE_MESSAGE } from './failure-messages'

/** Throws a Response with the status when the condition is false (a 404 from a loader, say). */
export function invariantResponse(condition: unknown, message: string, status = 400): asserts condition {
  if (!condition) throw data(message, { status })
}

export function jsonError(status: number, message: string, extra?: Record<string, unknown>, init?: ResponseInit) {
  return Response.json({ message, ...extra }, { ...init, status })
}

/** The one 400 shape of the JSON API: the first message, and every message by field ('form' for the whole body). */
export function badRequest(errors: Record<string, string[]>, extra?: Record<string, unknown>) {
  const message = Object.values(errors).flat()[0] ?? 'The request is not valid.'
  return jsonError(400, message, { ...extra, errors })
}

export { DATABASE_UNAVAILABLE_MESSAGE }

/**
 * Wraps a JSON API loader or action: a database outage answers 503 JSON with a readable message,
 * any other unexpected error 500 JSON, and a thrown Response passes through. No stack trace leaves.
 */
export async function handleJsonErrors(work: () => Promise<Response>, extra?: Record<string, unknown>): Promise<Response> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof Response) return error
    if (isDatabaseUnavailable(error)) return jsonError(503, DATABASE_UNAVAILABLE_MESSAGE, extra, { headers: { 'Retry-After': '10' } })
    if (error instanceof LockTimeoutError)
      return jsonError(503, 'Someone else is changing this record right now. Please try again.', extra, {
        headers: { 'Retry-After': '2' },
      })
    log.error({ err: error }, 'JSON request failed')
    return jsonError(500, 'Something went wrong on our side. Please try again.', extra)
  }
}
