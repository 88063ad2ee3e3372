import { randomBytes } from 'node:crypto'
import { getEnv } from '#app/config/env.server'
import { log } from '#app/observability/logger.server'
import { onePerProcess } from '#app/server/one-per-process'

// server.ts and the React Router build each bundle this module: one generated secret per process.
const generated = onePerProcess<{ secret?: string }>('generated-session-secret', () => ({}))

/**
 * Cookie signing secrets. Locally, without SESSION_SECRET, a random secret per start (with a
 * warning): sessions then end at every restart and can't be shared between instances, which is
 * why REQUIRE_SECRETS (set in the Docker image) makes the variable mandatory.
 */
export function sessionSecrets(): string[] {
  const configured = getEnv().SESSION_SECRET
  if (configured) return [configured]
  if (!generated.secret) {
    generated.secret = randomBytes(32).toString('base64')
    log.warn('SESSION_SECRET is unset: using a random secret for this process (local use only)')
  }
  return [generated.secret]
}
