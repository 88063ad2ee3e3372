import { z } from 'zod'

// zod 4 probes whether `new Function` is allowed the first time it parses an object. Our CSP
// forbids eval, so in the browser that probe is reported as a CSP violation (a console error and
// a Lighthouse best-practices penalty). Schemas shared with the browser import `z` from here.
z.config({ jitless: true })

export { z }

/** Field name → messages: the `errors` of every JSON 400 answer. Issues about the whole body go under 'form'. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'form'
    ;(errors[field] ??= []).push(issue.message)
  }
  return errors
}
