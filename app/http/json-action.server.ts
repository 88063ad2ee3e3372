import type { z } from 'zod'
import { fieldErrors } from '#app/domain/zod'
import { readJsonBody } from '#app/http/request-body.server'
import { badRequest, handleJsonErrors, jsonError } from '#app/http/responses.server'
import { hitRateLimit, type RateLimitRule } from '#app/security/rate-limit.server'

/**
 * The one way a JSON API action takes a request, in this order:
 *
 * 1. POST only (405 with `Allow: POST` otherwise);
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
export type JsonActionOptions<Schema extends z.ZodType> = {
  request: Request
  schema: Schema
  maxBytes: number
  guard?: (request: Request) => Promise<unknown>
  rateLimit?: { rule: RateLimitRule; subject: string; message: string }
  /** Said with the 405 to a request that is not a POST, e.g. 'Use POST to send an enquiry.' */
  postOnlyMessage?: string
  errorFields?: Record<string, unknown>
}

export function jsonAction<Schema extends z.ZodType>(
  { request, schema, maxBytes, guard, rateLimit, postOnlyMessage = 'Use POST.', errorFields }: JsonActionOptions<Schema>,
  handle: (input: z.output<Schema>) => Promise<Response>,
): Promise<Response> {
  return handleJsonErrors(async () => {
    if (request.method !== 'POST') return postOnly(postOnlyMessage, errorFields)
    await guard?.(request)
    const parsed = schema.safeParse(await readJsonBody(request, maxBytes))
    if (!parsed.success) return badRequest(fieldErrors(parsed.error), errorFields)
    if (rateLimit) {
      const limit = await hitRateLimit(rateLimit.rule, rateLimit.subject)
      if (!limit.allowed) {
        return jsonError(429, rateLimit.message, errorFields, { headers: { 'Retry-After': String(limit.retryAfterSeconds) } })
      }
    }
    return handle(parsed.data)
  }, errorFields)
}

/** 405 for anything but POST: a JSON action route's loader answers GET with it. */
export function postOnly(message: string, errorFields?: Record<string, unknown>) {
  return jsonError(405, message, errorFields, { headers: { Allow: 'POST' } })
}
