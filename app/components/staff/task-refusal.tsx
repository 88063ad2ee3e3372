import type { SubmissionResult } from '@conform-to/react'
import { Link } from 'react-router'

type Result = SubmissionResult<string[]> | undefined

/**
 * Why a staff task was refused (its nested route's answer), above the page's forms. With `formAt`
 * (the form's anchor) the fields' own messages stay beside the fields, kept filled (`refusedField`),
 * and this says where to find them.
 */
export function TaskRefusal({ title, result, formAt }: { title: string; result: Result; formAt?: string }) {
  const errors = result?.error ?? {}
  const listed = formAt ? (errors[''] ?? []) : Object.values(errors).flat()
  const messages = listed.filter((message): message is string => Boolean(message))
  const fieldsRefused = Object.entries(errors).some(([name, field]) => name !== '' && field && field.length > 0)
  if (messages.length === 0 && !fieldsRefused) return null
  return (
    <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
      <p className="font-semibold">{title}</p>
      {messages.length > 0 ? (
        <ul className="mt-1 list-disc pl-5">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      {formAt && fieldsRefused ? (
        <p className="mt-1">
          <Link to={formAt} className="underline">
            Your text is kept in the form below
          </Link>
          , with what to change beside it.
        </p>
      ) : null}
    </div>
  )
}

/** A field as the refused task received it: what was sent (to fill the control again) and its messages. */
export function refusedField(result: Result, name: string) {
  const sent = result?.initialValue?.[name]
  const errors = result?.error?.[name] ?? []
  return { sent: typeof sent === 'string' ? sent : undefined, errors: errors.length > 0 ? errors : undefined }
}
