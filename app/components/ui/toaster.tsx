import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { Link } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { type ShownToast, swipeDismisses, swipeOffset, type Toast, TOAST_DURATION_MS, withToastDefaults } from '#app/domain/toast'

// At most one toast at a time (SPEC §4): a new one replaces the current one.
let current: ShownToast | null = null
const listeners = new Set<() => void>()
let hideTimer: ReturnType<typeof setTimeout> | undefined

function emit() {
  for (const listener of listeners) listener()
}

export function showToast(toast: Toast) {
  current = withToastDefaults(toast)
  clearTimeout(hideTimer)
  hideTimer = setTimeout(dismissToast, TOAST_DURATION_MS)
  emit()
}

export function dismissToast() {
  clearTimeout(hideTimer)
  current = null
  emit()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Where the toasts show over the page (with JavaScript, or on public pages). */
const OVERLAY_CLASS = 'pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex justify-end p-4 sm:top-20 sm:bottom-auto'

/**
 * Shows the toast the server flashed (after a redirect) and any toast raised in the browser.
 * Before any script runs the toast cannot time out, so it closes by a link (styles/site.css hides it once
 * the link's target is the address's fragment), and with `inFlowWithoutScript` (the staff console,
 * where it would sit on the page header's buttons) it takes its own place at the top of the page.
 */
export function Toaster({ flash, inFlowWithoutScript = false }: { flash: ShownToast | null; inFlowWithoutScript?: boolean }) {
  const hydrated = useHydrated()
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
  return (
    <section
      id="notifications"
      aria-label="Notifications (F8)"
      tabIndex={-1}
      className={`${inFlowWithoutScript && !hydrated ? 'toaster-in-flow' : OVERLAY_CLASS} outline-none print:hidden`}
    >
      {hydrated ? null : <span id={CLOSED_ID} />}
      <div role="status" aria-live="polite" aria-atomic="true" className="w-full max-w-sm">
        {toast ? <ToastCard key={toast.id} toast={toast} hydrated={hydrated} /> : null}
      </div>
    </section>
  )
}

/** The fragment the close link goes to before any script runs (styles/site.css then hides the toast). */
const CLOSED_ID = 'notifications-closed'
const CLOSE_CLASS = 'rounded p-1 text-current opacity-70 hover:opacity-100 focus-visible:outline-2'

/**
 * One toast: closed by its button, or swiped to the right (SPEC §9: 50 px or more dismisses it,
 * less springs back). Pointer events cover mouse, pen and touch; a press on the action link or the
 * close button is left to them.
 */
function ToastCard({ toast, hydrated }: { toast: ShownToast; hydrated: boolean }) {
  const [offset, setOffset] = useState(0)
  const dragStart = useRef<number | null>(null)
  const destructive = toast.variant === 'destructive'

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as Element).closest('a, button')) return
    dragStart.current = event.clientX
    event.currentTarget.setPointerCapture(event.pointerId)
  }
  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    if (dragStart.current !== null) setOffset(swipeOffset(dragStart.current, event.clientX))
  }
  const onPointerEnd = (event: React.PointerEvent<HTMLDivElement>) => {
    if (dragStart.current === null) return
    const finalOffset = swipeOffset(dragStart.current, event.clientX)
    dragStart.current = null
    if (swipeDismisses(finalOffset)) dismissToast()
    else setOffset(0)
  }

  return (
    <div
      data-testid="toast"
      data-variant={toast.variant}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.3, 1 - offset / 200) } : undefined}
      // touch-action: vertical scrolling stays the browser's; horizontal drags are the swipe.
      className={`pointer-events-auto flex touch-pan-y items-start gap-3 rounded-lg border p-4 shadow-lg select-none ${
        offset ? '' : 'transition-transform'
      } ${destructive ? 'border-red-700 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900'}`}
    >
      <div className="flex-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
      </div>
      {toast.action ? (
        <Link
          to={toast.action.href}
          onClick={dismissToast}
          className={`shrink-0 rounded-md border px-3 py-1.5 text-sm font-semibold ${
            destructive ? 'border-white/60 hover:bg-white/10' : 'border-slate-300 hover:bg-slate-50'
          }`}
        >
          {toast.action.label}
        </Link>
      ) : null}
      {hydrated ? (
        <button type="button" onClick={dismissToast} className={CLOSE_CLASS} aria-label="Close notification">
          <span aria-hidden="true">×</span>
        </button>
      ) : (
        <a href={`#${CLOSED_ID}`} className={CLOSE_CLASS} aria-label="Close notification">
          <span aria-hidden="true">×</span>
        </a>
      )}
    </div>
  )
}
