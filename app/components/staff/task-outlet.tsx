import type { ReactNode } from 'react'
import { useMatches, useOutlet } from 'react-router'

/** What a page's task route exports as `handle`: which of the page's forms it answers for. */
export type TaskHandle = { task: string }

/**
 * A page whose forms each post to a nested task route (`/admin/staff/ann/name`): after a refused
 * or shown-once answer the page stays at the task's address, and the task route renders its own
 * form again, with what was typed and why it was refused (without JavaScript too). `slot` puts that
 * in place of the page's own copy of the form, so the refusal shows where the form is.
 */
export function useTaskOutlet() {
  const outlet = useOutlet()
  const match = useMatches().at(-1)
  const task = outlet ? ((match?.handle as TaskHandle | undefined)?.task ?? null) : null
  const params = (match?.params ?? {}) as Record<string, string | undefined>
  return {
    task,
    params,
    /** The task route's answer when it is `name` (and, with `username`, about that account), else `fallback`. */
    slot(name: string, fallback: ReactNode, username?: string): ReactNode {
      return task === name && (username === undefined || params.username === username) ? outlet : fallback
    },
  }
}
