import { useEffect, useSyncExternalStore } from 'react'
import type { ShownToast, Toast } from '#app/domain/toast'

/** SPEC §9: a toast stays 5 seconds unless dismissed (same value as TOAST_DURATION_MS in domain/toast). */
const TOAST_DURATION_MS = 5000

// At most one toast at a time (SPEC §4): a new one replaces the current one.
let current: ShownToast | null = null
const listeners = new Set<() => void>()
let hideTimer: ReturnType<typeof setTimeout> | undefined

function emit() {
  for (const listener of listeners) listener()
}

// Filled in by hand rather than with toastSchema: zod is server-side here, which keeps about 20 KB
// gzip out of every page and avoids zod's eval probe, which the page's CSP reports.
function withDefaults(toast: Toast): ShownToast {
  return {
    id: toast.id ?? Math.random().toString(36).slice(2),
    title: toast.title,
    description: toast.description,
    variant: toast.variant ?? 'default',
  }
}

export function showToast(toast: Toast) {
  current = withDefaults(toast)
  clearTimeout(hideTimer)
  hideTimer = setTimeout(dismissToast, TOAST_DURATION_MS)
  emit()
}

export function dismissToast() {
  current = null
  emit()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Shows the toast the server flashed (after a redirect) and any toast raised in the browser. */
export function Toaster({ flash }: { flash: ShownToast | null }) {
  const toast = useSyncExternalStore(
    subscribe,
    () => current,
    () => flash,
  )
  useEffect(() => {
    if (flash) showToast(flash)
  }, [flash])
  useEffect(() => {
    const focusOnF8 = (event: KeyboardEvent) => {
      if (event.key === 'F8') document.getElementById('notifications')?.focus()
    }
    window.addEventListener('keydown', focusOnF8)
    return () => window.removeEventListener('keydown', focusOnF8)
  }, [])
  const shown = toast
  return (
    <section
      id="notifications"
      aria-label="Notifications (F8)"
      tabIndex={-1}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex justify-end p-4 outline-none print:hidden sm:bottom-auto sm:top-20"
    >
      <div role="status" aria-live="polite" aria-atomic="true" className="w-full max-w-sm">
        {shown ? (
          <div
            data-testid="toast"
            data-variant={shown.variant}
            className={`pointer-events-auto flex items-start gap-3 rounded-lg border p-4 shadow-lg ${
              shown.variant === 'destructive' ? 'border-red-700 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900'
            }`}
          >
            <div className="flex-1">
              <p className="text-sm font-semibold">{shown.title}</p>
              {shown.description ? <p className="mt-1 text-sm opacity-90">{shown.description}</p> : null}
            </div>
            <button
              type="button"
              onClick={dismissToast}
              className="rounded p-1 text-current opacity-70 hover:opacity-100 focus-visible:outline-2"
              aria-label="Close notification"
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ) : null}
      </div>
    </section>
  )
}
