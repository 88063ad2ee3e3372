// Checks that no module under app/ imports one in a higher layer (type-only imports aside):
//   domain < lib < integrations < features < components < routes < server
// Run: node scripts/check-layers.mjs [--list]. Exits 1 on an upward import or a file in no layer.
import fs from 'node:fs'
import path from 'node:path'

export const LAYERS = ['domain', 'lib', 'integrations', 'feature', 'components', 'routes', 'server']
const FEATURES = ['enquiries', 'chat', 'orders', 'catalogue', 'staff', 'analytics']

export function layerOf(file) {
  const [, top] = file.split('/')
  if (top === 'domain' || top === 'lib' || top === 'integrations' || top === 'components') return top
  if (FEATURES.includes(top)) return 'feature'
  if (top === 'routes' || top === 'routes.ts' || top === 'root.tsx') return 'routes'
  if (top === 'server' || top === 'page-cache' || /^entry\./.test(top)) return 'server'
  return undefined
}

function walk(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.posix.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== '+types') walk(full, out)
    } else if (/\.(ts|tsx)$/.test(entry.name)) out.push(full)
  }
  return out
}

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
function resolve(from, spec) {
  let base
  if (spec.startsWith('#app/')) base = 'app/' + spec.slice('#app/'.length)
  else if (spec.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec))
  else return undefined
  return EXTENSIONS.map((ext) => base + ext).find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile())
}

// Static imports and re-exports that bring a value (not `import type` / `export type`), side-effect
// imports, and dynamic import().
const STATIC = /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm
const DYNAMIC = /import\(\s*['"]([^'"]+)['"]\s*\)/g

function valueImports(text) {
  const specs = []
  for (const match of text.matchAll(STATIC)) {
    if (match[5]) specs.push(match[5])
    else if (!match[2] && !isAllTypes(match[3])) specs.push(match[4])
  }
  for (const match of text.matchAll(DYNAMIC)) specs.push(match[1])
  return specs
}

// `import { type A, type B } from` brings no value either.
function isAllTypes(clause) {
  const named = clause.match(/^\{([\s\S]*)\}$/)
  if (!named) return false
  const names = named[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  return names.length > 0 && names.every((name) => name.startsWith('type '))
}

export function findProblems(root = 'app') {
  const problems = []
  for (const file of walk(root)) {
    if (/\.test\.tsx?$/.test(file)) continue
    const own = layerOf(file)
    if (!own) {
      problems.push(`${file}: in no layer`)
      continue
    }
    for (const spec of valueImports(fs.readFileSync(file, 'utf8'))) {
      const target = resolve(file, spec)
      if (!target) continue
      const theirs = layerOf(target)
      if (theirs && LAYERS.indexOf(theirs) > LAYERS.indexOf(own)) problems.push(`${file} (${own}) imports ${target} (${theirs})`)
    }
  }
  return problems
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = findProblems()
  for (const problem of problems) console.error(problem)
  console.log(`${problems.length} upward import(s) or unplaced file(s)`)
  process.exitCode = problems.length ? 1 : 0
}
