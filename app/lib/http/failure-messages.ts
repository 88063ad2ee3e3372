import type { SubmissionResult } from '@conform-to/react'

// What visitors and staff are told when something fails: shared by server answers and the pages'
// own failure states, so it never needs the server module in the browser.

export const DATABASE_UNAVAILABLE_MESSAGE = 'Our system is temporarily unavailable. Please try again in a minute.'

/** A form's refusal that names no field (a button's task, a failed send), as conform and TaskRefusal read it. */
export function refusalResult(message: string): SubmissionResult<string[]> {
  return { status: 'error', error: { '': [message] } }
}
