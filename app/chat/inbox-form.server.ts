import { BODY_LIMITS } from '#app/lib/http/body-limits'
import { BodyTooLargeError, readFormWithLimit, tooLargeMessage } from '#app/lib/http/request-body.server'

/** A chat inbox form's fields, read with the replies' size limit; an oversized post is answered 413. */
export async function readInboxForm(request: Request): Promise<FormData> {
  try {
    return await readFormWithLimit(request, BODY_LIMITS.enquiry)
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new Response(tooLargeMessage(error.maxBytes), { status: 413 })
    throw error
  }
}
