import { readFileSync } from 'node:fs'
import path from 'node:path'
import { publicStylesheetHref as stylesheetHref } from '#app/components/stylesheet'

/**
 * The built stylesheet's text: the file is part of the immutable build (served from build/client
 * by app/server/app.server.ts). Read once, when the production
 * server loads its build (entry.server.tsx).
 */
export function readBuiltStylesheet(): string {
  const text = readFileSync(path.join('build/client', stylesheetHref), 'utf8')
  // Written raw into a <style> element, which would end early at this sequence.
  if (/<\/style/i.test(text)) throw new Error(`${stylesheetHref} contains "</style" and cannot be inlined`)
  return text
}
