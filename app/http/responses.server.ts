import { data } from 'react-router'
import { isDatabaseUnavailable } from '#app/db/connection.server'
import { log } from '#app/observability/logger.server'

/** Throws a Response with the status when the condition is false (a 404 from a loader, say). */
export function invariantResponse(condition: unknown, message: string, status = 400): asserts condition {
  if (!condition) throw data(message, { status })
}

export function jsonError(status: number, message: string, extra?: Record<string, unknown>, init?: ResponseInit) {
  return Response.json({ message, ...extra }, { ...init, status })
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'Our system is temporarily unavailable. Please try again in a minute.'

/**
 * Wraps a JSON API loader or action: a database outage answers 503 JSON with a readable message,
 * any other unexpected error 500 JSON, and a thrown Response passes through. No stack trace leaves.
 */
export async function handleJsonErrors(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof Response) return error
    if (isDatabaseUnavailable(error)) return jsonError(503, DATABASE_UNAVAILABLE_MESSAGE, undefined, { headers: { 'Retry-After': '10' } })
    log.error({ err: error }, 'JSON request failed')
    return jsonError(500, 'Something went wrong on our side. Please try again.')
  }
}
