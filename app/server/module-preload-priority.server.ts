import { StringDecoder } from 'node:string_decoder'
import { Transform } from 'node:stream'

const PRELOAD = '<link rel="modulepreload"'
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"'

/**
 * Marks React Router's module preloads low priority as the HTML streams out. The page is complete
 * and styled before any script runs, so on a phone the hero image and text should get the
 * connection first and the scripts (about 140 KB) right after. At their default High priority the
 * scripts compete with the first paint: Lighthouse's simulated phone then counted them as
 * render-blocking and put the first paint at 2.5 s instead of 0.9 s. React Router has no option
 * for this, hence the rewrite; a tag split across two chunks is held back until the next one.
 */
export function lowerModulePreloadPriority() {
  const decoder = new StringDecoder('utf8')
  let held = ''
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = (held + decoder.write(chunk)).replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD)
      held = text.slice(text.length - partialTagLength(text))
      done(null, text.slice(0, text.length - held.length))
    },
    flush(done) {
      done(null, held + decoder.end())
    },
  })
}

/** How many characters at the end of `text` could be the start of a preload tag. */
function partialTagLength(text: string) {
  for (let length = Math.min(PRELOAD.length - 1, text.length); length > 0; length--) {
    if (PRELOAD.startsWith(text.slice(text.length - length))) return length
  }
  return 0
}
