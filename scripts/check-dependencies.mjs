// Checks that every runtime dependency in package.json is imported by our code, or is listed below
// with the package that needs it: an unused dependency still ships in the production image.
// Run: node scripts/check-dependencies.mjs. Exits 1 naming each dependency nothing uses.
import fs from 'node:fs'
import path from 'node:path'

// Packages we never import ourselves, and why they are still dependencies.
export const NEEDED_BY_OTHERS = {
  '@opentelemetry/api': 'a peer dependency of the OpenTelemetry SDK and instrumentations',
  '@oslojs/crypto': "an optional peer of remix-utils, which its honeypot's encryption imports",
  '@react-router/node': 'a peer dependency of @react-router/express',
}

// The app, its scripts, and the files at the top (server, cluster, tracing, build configuration).
const SOURCE_ROOTS = ['app', 'scripts', ...fs.readdirSync('.').filter((name) => /\.(ts|mjs)$/.test(name))]

function sourceFiles(entry, out = []) {
  if (!fs.existsSync(entry)) return out
  if (fs.statSync(entry).isFile()) {
    if (/\.(ts|tsx|mjs|js)$/.test(entry)) out.push(entry)
    return out
  }
  for (const child of fs.readdirSync(entry)) {
    if (child !== 'node_modules' && child !== '+types') sourceFiles(path.posix.join(entry, child), out)
  }
  return out
}

// The package a bare specifier names: `stripe`, `@scope/name` (a subpath such as
// `remix-utils/honeypot/server` names `remix-utils`).
export function packageOf(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('#') || specifier.startsWith('node:')) return undefined
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}

// `from '…'`, `import '…'`, `import('…')`, and a loader hook's `register('…')`.
const SPECIFIER = /(?:\bfrom|\bimport|\bimport\s*\(|\bregister\()\s*['"]([^'"]+)['"]/g

export function importedPackages(files) {
  const used = new Set()
  for (const file of files) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const name = packageOf(match[1])
      if (name) used.add(name)
    }
  }
  return used
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { dependencies = {} } = JSON.parse(fs.readFileSync('package.json', 'utf8'))
  const used = importedPackages(SOURCE_ROOTS.flatMap((root) => sourceFiles(root)))
  const unused = Object.keys(dependencies).filter((name) => !used.has(name) && !(name in NEEDED_BY_OTHERS))
  const stale = Object.keys(NEEDED_BY_OTHERS).filter((name) => !(name in dependencies))
  for (const name of unused)
    console.error(`${name}: in dependencies, imported nowhere (remove it, or say in ${path.basename(process.argv[1])} what needs it)`)
  for (const name of stale) console.error(`${name}: listed as needed by others, but no longer a dependency`)
  if (unused.length > 0 || stale.length > 0) process.exit(1)
}
