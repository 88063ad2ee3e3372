import type { z } from 'zod'
import { fieldErrors } from '#app/domain/zod'
import { readJsonBody } from '#app/lib/http/request-body.server'
import { badRequest, handleJsonErrors, jsonError } from '#app/lib/http/responses.server'
import { hitRateLimit, type RateLimitRule } from '#app/lib/rate-limit/rate-limit.server'

/**
 * The one way a JSON API action takes a request, in this order:
 *
 * 1. POST only, or PATCH where the route says so (405 with `Allow` otherwise);
 * 2. the route's guard, if any (an admin check), before the body is read;
 * 3. the body, read with the route's own size limit (415 not JSON, 413 too large, 400 not JSON):
 *    defence in depth behind the server's body-size guard;
 * 4. the route's zod schema (400 `{message, errors}`: the first message, and every message by field);
 * 5. the rate limit, if any, counted only for a valid request, so a mistake costs nothing
 *    (429 with `Retry-After`);
 * 6. the handler, with the parsed input. A database outage becomes 503, anything unexpected 500
 *    (handleJsonErrors); a thrown Response passes through.
 *
 * Every error answer is `{message, ...}`, plus the route's `errorFields` (the chat's `ok: false`).
 */
export type JsonActionOptions<Schema extends z.ZodType, Guarded = unknown> = {
  request: Request
  schema: Schema
  maxBytes: number
  /** Its answer (the signed-in admin) is passed to the handler. */
  guard?: (request: Request) => Promise<Guarded>
  /** The one method the action answers: POST unless said otherwise (PATCH for partial updates). */
  method?: 'POST' | 'PATCH'
  rateLimit?: { rule: RateLimitRule; subject: string; message: string }
  /** Said with the 405 to a request of another method, e.g. 'Use POST to send an enquiry.' */
  postOnlyMessage?: string
  errorFields?: Record<string, unknown>
}

export function jsonAction<Schema extends z.ZodType, Guarded = unknown>(
  {
    request,
    schema,
    maxBytes,
    guard,
    method = 'POST',
    rateLimit,
    postOnlyMessage = `Use ${method}.`,
    errorFields,
  }: JsonActionOptions<Schema, Guarded>,
  handle: (input: z.output<Schema>, guarded: Guarded) => Promise<Response>,
): Promise<Response> {
  return handleJsonErrors(async () => {
    if (request.method !== method) return jsonError(405, postOnlyMessage, errorFields, { headers: { Allow: method } })
    const guarded = (await guard?.(request)) as Guarded
    const parsed = schema.safeParse(await readJsonBody(request, maxBytes))
    if (!parsed.success) return badRequest(fieldErrors(parsed.error), errorFields)
    if (rateLimit) {
      const limit = await hitRateLimit(rateLimit.rule, rateLimit.subject)
      if (!limit.allowed) {
        return jsonError(429, rateLimit.message, errorFields, { headers: { 'Retry-After': String(limit.retryAfterSeconds) } })
      }
    }
    return handle(parsed.data, guarded)
  }, errorFields)
}

/** 405 for anything but POST: a JSON action route's loader answers GET with it. */
export function postOnly(message: string, errorFields?: Record<string, unknown>) {
  return jsonError(405, message, errorFields, { headers: { Allow: 'POST' } })
}
