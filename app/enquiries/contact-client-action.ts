import type { SubmissionResult } from '@conform-to/react'
import type { ClientActionFunctionArgs } from 'react-router'
import { CONTACT_FAILURE_FALLBACK, CONTACT_NO_RESPONSE_MESSAGE } from '#app/domain/contact-form-fields'
import { refusalResult } from '#app/lib/http/failure-messages'
import { isNoAnswer } from '#app/lib/http/no-answer'
import type { ContactSubmission } from './contact-submission.server'

function failure(message: string) {
  return { result: refusalResult(message), contact: null as ContactSubmission | null }
}

/**
 * The contact form's submission in the browser (the home route exports it as its clientAction).
 * It forwards to the server action; when no answer comes back (network down) or the server fails
 * unexpectedly, it answers like the action would, so the form keeps what was typed and the visitor
 * sees the 'Form Submission Error' toast (SPEC §8) instead of the page's error screen.
 */
export async function contactClientAction({ serverAction }: ClientActionFunctionArgs) {
  try {
    return await serverAction<{ result: SubmissionResult<string[]>; contact: ContactSubmission | null }>()
  } catch (error) {
    return failure(isNoAnswer(error) ? CONTACT_NO_RESPONSE_MESSAGE : CONTACT_FAILURE_FALLBACK)
  }
}
