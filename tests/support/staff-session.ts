import { TEST_STAFF } from './app-server'

/**
 * Signs in over HTTP through the sign-in form's action (its conform fields username and password;
 * no Origin header, as from a script, so the same-origin check lets it through) and returns the
 * session cookie pair for a Cookie header. Test servers start with the TEST_STAFF owner account.
 */
export async function signInOverHttp(baseUrl: string, credentials: { username: string; password: string } = TEST_STAFF): Promise<string> {
  const response = await fetch(`${baseUrl}/admin-login`, {
    method: 'POST',
    body: new URLSearchParams({ username: credentials.username, password: credentials.password }),
    redirect: 'manual',
  })
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('en_admin='))
  if (response.status !== 303 || !cookie)
    throw new Error(`sign-in as ${credentials.username} answered ${response.status} without a session cookie`)
  return cookie.split(';')[0]!
}
