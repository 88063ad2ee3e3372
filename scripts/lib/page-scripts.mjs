import { readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The scripts a page loads before it hydrates, as `/assets/…` paths: those its HTML names (the
 * module script's imports) and, file by file, what they import statically from the build in
 * `clientDir`. Chunks loaded later through import() are left out. The page has no module preloads
 * (decision 012), so its HTML alone no longer lists them all.
 */
export function scriptsBeforeHydration(html, clientDir) {
  const scripts = new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? [])
  for (const file of scripts) {
    const code = readFileSync(path.join(clientDir, file), 'utf8')
    for (const [, imported] of code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) scripts.add(`/assets/${imported}`)
  }
  return [...scripts]
}
