import { randomBytes } from 'node:crypto'
import type { Cookie } from 'react-router'
import { z } from 'zod'
import { createSiteCookie } from '#app/lib/session/site-cookie.server'

// OWASP's "device cookie" against lockout: a browser that signed in to an account successfully gets
// a signed cookie naming that account and a random device id. Its later sign-ins to that account are
// counted under the device alone, so failures from other browsers (an attacker guessing, or a
// colleague behind the same office address) never lock it out. Not a credential: the password is
// still checked, and a stolen cookie only buys its own small allowance of attempts.

const DEVICE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60
/** A shared computer may sign in to a few accounts; the newest are kept. */
const MAX_ACCOUNTS_PER_BROWSER = 5

const deviceListSchema = z.array(z.object({ account: z.string().max(64), device: z.string().max(64) })).max(MAX_ACCOUNTS_PER_BROWSER)
export type TrustedDevice = z.infer<typeof deviceListSchema>[number]

let cookie: Cookie | undefined

function deviceCookie() {
  cookie ??= createSiteCookie('en_device', { maxAge: DEVICE_MAX_AGE_SECONDS })
  return cookie
}

async function readDevices(request: Request): Promise<TrustedDevice[]> {
  const parsed = deviceListSchema.safeParse(await deviceCookie().parse(request.headers.get('Cookie')))
  return parsed.success ? parsed.data : []
}

/** This browser's device id for the account, when it signed in to that account before (signature checked). */
export async function trustedDeviceFor(request: Request, accountId: string): Promise<string | null> {
  return (await readDevices(request)).find((entry) => entry.account === accountId)?.device ?? null
}

/** The Set-Cookie value that marks this browser as trusted for the account (kept device id, or a new one). */
export async function rememberDevice(request: Request, accountId: string): Promise<string> {
  const devices = await readDevices(request)
  const device = devices.find((entry) => entry.account === accountId)?.device ?? randomBytes(16).toString('base64url')
  const others = devices.filter((entry) => entry.account !== accountId)
  return deviceCookie().serialize([{ account: accountId, device }, ...others].slice(0, MAX_ACCOUNTS_PER_BROWSER))
}
