import type { SubmissionResult } from '@conform-to/react'

/** Why a staff task was refused (its nested route's answer), above the page's forms. */
export function TaskRefusal({ title, result }: { title: string; result: SubmissionResult<string[]> | undefined }) {
  const messages = [...(result?.error ? Object.values(result.error).flat() : [])].filter((message): message is string => Boolean(message))
  if (messages.length === 0) return null
  return (
    <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
      <p className="font-semibold">{title}</p>
      <ul className="mt-1 list-disc pl-5">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  )
}

/** A refusal that names no field (a button's task, a rule of the accounts), as TaskRefusal reads it. */
export function refusalResult(message: string): SubmissionResult<string[]> {
  return { status: 'error', error: { '': [message] } }
}
