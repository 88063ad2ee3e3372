import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { importedPackages, packageOf } from './check-dependencies.mjs'

describe('packageOf', () => {
  test('names the package of a bare specifier, scoped or not, with or without a subpath', () => {
    expect(packageOf('stripe')).toBe('stripe')
    expect(packageOf('remix-utils/honeypot/server')).toBe('remix-utils')
    expect(packageOf('@conform-to/zod/v4')).toBe('@conform-to/zod')
    expect(packageOf('@opentelemetry/instrumentation/hook.mjs')).toBe('@opentelemetry/instrumentation')
  })

  test('names no package for relative, aliased or built-in modules', () => {
    expect(packageOf('./pricing')).toBeUndefined()
    expect(packageOf('../lib/db.server')).toBeUndefined()
    expect(packageOf('#app/domain/pricing')).toBeUndefined()
    expect(packageOf('node:fs')).toBeUndefined()
  })
})

test('importedPackages finds static, side-effect, dynamic and type imports, re-exports and loader hooks', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-dependencies-'))
  const file = path.join(dir, 'sample.ts')
  fs.writeFileSync(
    file,
    [
      "import { z } from 'zod'",
      "import 'side-effect-package'",
      "import type { Stripe } from 'stripe'",
      "export { helper } from '@scope/helpers/sub'",
      "const lazy = await import('lazy-package')",
      "register('@scope/hooks/hook.mjs', import.meta.url)",
      "import {\n  multi,\n  line,\n} from 'multi-line-package'",
      "import { local } from './local'",
      "const text = 'from the start'",
    ].join('\n'),
  )
  try {
    expect([...importedPackages([file])].sort()).toEqual([
      '@scope/helpers',
      '@scope/hooks',
      'lazy-package',
      'multi-line-package',
      'side-effect-package',
      'stripe',
      'zod',
    ])
  } finally {
    fs.rmSync(dir, { recursive: true })
  }
})
