import { type Cookie, createCookieSessionStorage, redirect, type SessionStorage } from 'react-router'
import type { Toast } from '#app/domain/toast'
import { toastSchema } from '#app/domain/toast-schema'
import { createSiteCookie } from './site-cookie.server'

// A flash toast travels in its own short-lived cookie, so it survives the redirect after a
// form POST (the no-JavaScript path) and is shown once.
const TOAST_KEY = 'toast'

let cookie: Cookie | undefined
let storage: SessionStorage<Record<string, never>, { toast: Toast }> | undefined

// Created on first use, so importing this module (server.ts does) needs no environment yet.
function toastCookie() {
  cookie ??= createSiteCookie('en_toast')
  return cookie
}

function toastStorage() {
  storage ??= createCookieSessionStorage<Record<string, never>, { toast: Toast }>({ cookie: toastCookie() })
  return storage
}

/** The flash cookie's name: a request that carries it bypasses the page cache (it must see its toast). */
export function toastCookieName() {
  return toastCookie().name
}

export async function createToastHeaders(toast: Toast) {
  const session = await toastStorage().getSession()
  session.flash(TOAST_KEY, toastSchema.parse(toast))
  return new Headers({ 'Set-Cookie': await toastStorage().commitSession(session) })
}

export async function redirectWithToast(url: string, toast: Toast, init?: ResponseInit) {
  const headers = new Headers(init?.headers)
  for (const [name, value] of await createToastHeaders(toast)) headers.append(name, value)
  return redirect(url, { status: 303, ...init, headers })
}

/** Reads (and clears) the flash toast; the caller must send back the returned headers. */
export async function getToast(request: Request) {
  const session = await toastStorage().getSession(request.headers.get('Cookie'))
  const stored: unknown = session.get(TOAST_KEY)
  const parsed = stored === undefined ? null : toastSchema.safeParse(stored)
  const toast = parsed?.success ? parsed.data : null
  return {
    toast,
    headers: stored === undefined ? null : new Headers({ 'Set-Cookie': await toastStorage().destroySession(session) }),
  }
}
