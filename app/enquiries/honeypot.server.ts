import { Honeypot, type HoneypotInputProps } from 'remix-utils/honeypot/server'
import { derivedKeys } from '#app/lib/session/derived-keys.server'

const TRAP_FIELD = 'name__confirm'
let honeypot: Honeypot | undefined

/**
 * The spam trap for public forms: a hidden field people leave empty, plus an encrypted "rendered at"
 * time. Its key is derived from the session secret (a key of its own, not the secret itself), so
 * every instance behind a load balancer can check a form that another instance rendered. A form
 * rendered before a change of key is refused once with a readable message; the page it comes back
 * to carries the new fields.
 */
export function getHoneypot() {
  honeypot ??= new Honeypot({ nameFieldName: TRAP_FIELD, encryptionSeed: derivedKeys('honeypot')[0]!.key.toString('base64') })
  return honeypot
}

// Making the encrypted time derives a key first, a few per cent of a page's render; the check only
// refuses a time in the future, so one encrypted time can serve every page rendered within a while.
const INPUT_PROPS_REUSE_MS = 10_000
let recentInputProps: { madeAt: number; props: Promise<HoneypotInputProps> } | undefined

/** The trap's fields for a page (the root loader provides them to every form). */
export function currentHoneypotInputProps(now = Date.now()) {
  if (!recentInputProps || now - recentInputProps.madeAt >= INPUT_PROPS_REUSE_MS) {
    const props = getHoneypot().getInputProps({ validFromTimestamp: now })
    props.catch(() => (recentInputProps = undefined))
    recentInputProps = { madeAt: now, props }
  }
  return recentInputProps.props
}

/** True when the form looks like a bot's: the trap field filled, or the time field missing or forged. */
export async function isSpam(formData: FormData) {
  // remix-utils skips the check when the fields are absent; a real form always sends them.
  if (!formData.has(TRAP_FIELD)) return true
  try {
    await getHoneypot().check(formData)
    return false
  } catch {
    // SpamError, or a decryption error for a forged time field: either way not a person's form.
    return true
  }
}
