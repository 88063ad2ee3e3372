const PRELOAD = Buffer.from('<link rel="modulepreload"')
const LOW_PRIORITY = Buffer.from(' fetchpriority="low"')

/**
 * Marks React Router's module preloads low priority in a rendered page: the page is complete and
 * styled before any script runs, so on a phone the hero image and text should get the connection
 * first. React Router has no option for this; the rewrite works on the preamble's bytes, because
 * decoding and re-encoding the page cost more than rendering its markup.
 */
export function lowerModulePreloadPriority(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const parts: Buffer[] = []
  let copiedUpTo = 0
  for (let at = html.indexOf(PRELOAD); at !== -1; at = html.indexOf(PRELOAD, at + PRELOAD.length)) {
    const end = at + PRELOAD.length
    parts.push(html.subarray(copiedUpTo, end), LOW_PRIORITY)
    copiedUpTo = end
  }
  if (copiedUpTo === 0) return html
  parts.push(html.subarray(copiedUpTo))
  return Buffer.concat(parts)
}
