// SPEC §3 and §9: a toast has a title, a description, an optional action and a variant; one shows
// at a time for 5 seconds unless closed or swiped away. No zod here: the toaster is on every page
// (the flash toast's schema is toast-schema.ts, used on the server).

export const TOAST_VARIANTS = ['default', 'destructive'] as const
export type ToastVariant = (typeof TOAST_VARIANTS)[number]

/** A link the toast offers, e.g. 'All orders'. A link works with or without JavaScript. */
export type ToastAction = { label: string; href: string }

export type Toast = { id?: string; title: string; description?: string; action?: ToastAction; variant?: ToastVariant }
export type ShownToast = Toast & { id: string; variant: ToastVariant }

/** SPEC §9: a toast stays 5 seconds unless dismissed. */
export const TOAST_DURATION_MS = 5000

/** SPEC §9: a swipe to the right of at least 50 px dismisses a toast. */
export const TOAST_SWIPE_THRESHOLD_PX = 50

export function withToastDefaults(toast: Toast): ShownToast {
  return { ...toast, id: toast.id ?? Math.random().toString(36).slice(2), variant: toast.variant ?? 'default' }
}

/** How far a drag moves the toast: only rightwards, as SPEC's swipe direction says. */
export function swipeOffset(startX: number, currentX: number) {
  return Math.max(0, currentX - startX)
}

export function swipeDismisses(offset: number) {
  return offset >= TOAST_SWIPE_THRESHOLD_PX
}
