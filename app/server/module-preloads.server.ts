const PRELOAD = Buffer.from('<link rel="modulepreload"')
const TAG_END = Buffer.from('>')

/**
 * Takes React Router's module preloads out of a rendered page: the page is complete, styled and
 * usable before any script runs, and on a phone the preloads took the connection and the main thread
 * from its first paint (decision 012). The browser still finds every module, from the page's module
 * script. React Router has no option for this; the rewrite works on the page's bytes, because
 * decoding and re-encoding the page cost more than rendering its markup.
 */
export function withoutModulePreloads(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const parts: Buffer[] = []
  let copiedUpTo = 0
  for (let at = html.indexOf(PRELOAD); at !== -1; at = html.indexOf(PRELOAD, copiedUpTo)) {
    const end = html.indexOf(TAG_END, at + PRELOAD.length)
    if (end === -1) break
    parts.push(html.subarray(copiedUpTo, at))
    copiedUpTo = end + TAG_END.length
  }
  if (copiedUpTo === 0) return html
  parts.push(html.subarray(copiedUpTo))
  return Buffer.concat(parts)
}
