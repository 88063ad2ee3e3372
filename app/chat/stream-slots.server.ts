// Open chat event streams are bounded three ways, so neither one address, one conversation nor the
// whole internet can hold all of a process's sockets.

/** Open event streams per client address in this process (visitors' and staff's). */
export const MAX_STREAMS_PER_ADDRESS = 20
/** Per conversation (a visitor's tabs) or per staff account, from any number of addresses. */
export const MAX_STREAMS_PER_HOLDER = 10
/** All streams of this process: each holds a socket and a feed subscription. */
export const MAX_STREAMS_PER_PROCESS = 1000
const openByKey = new Map<string, number>()
let openInProcess = 0

/**
 * Takes a stream slot for the address and the holder (`conversation:<id>` or `staff:<id>`), or
 * returns null when either, or the process, has all of its slots open.
 */
export function takeStreamSlot(address: string, holder: string): (() => void) | null {
  const keys = [`address:${address}`, holder]
  if (openInProcess >= MAX_STREAMS_PER_PROCESS) return null
  if ((openByKey.get(keys[0]!) ?? 0) >= MAX_STREAMS_PER_ADDRESS || (openByKey.get(keys[1]!) ?? 0) >= MAX_STREAMS_PER_HOLDER) return null
  for (const key of keys) openByKey.set(key, (openByKey.get(key) ?? 0) + 1)
  openInProcess += 1
  let released = false
  return () => {
    if (released) return
    released = true
    openInProcess -= 1
    for (const key of keys) {
      const left = (openByKey.get(key) ?? 1) - 1
      if (left <= 0) openByKey.delete(key)
      else openByKey.set(key, left)
    }
  }
}
